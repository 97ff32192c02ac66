from flask import Flask, request
from jinja2 import Environment

app = Flask(__name__)
templates = Environment()


@app.route("/greet")
def greet():
    page = templates.from_string("<h1>Hello {{ visitor }}</h1>")
    return page.render(visitor=request.args.get("name", "guest"))
