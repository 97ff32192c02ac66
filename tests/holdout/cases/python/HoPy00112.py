from flask import Flask, render_template_string, request

app = Flask(__name__)


@app.get("/hello")
def hello():
    visitor = request.args.get("name", "guest")
    return render_template_string("<p>Hello {{ who }}!</p>", who=visitor)
