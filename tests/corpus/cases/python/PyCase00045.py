from flask import Flask, render_template_string, request

app = Flask(__name__)
GREETING = "<p>Hello {{ name }}</p>"


@app.route("/greet")
def greet():
    name = request.args.get("name", "friend")
    return render_template_string(GREETING, name=name)
