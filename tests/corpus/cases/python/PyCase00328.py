from flask import Flask, request
from jinja2 import Environment, PackageLoader, select_autoescape

app = Flask(__name__)
templates = Environment(loader=PackageLoader("shop"), autoescape=select_autoescape())


@app.route("/greet")
def greet():
    page = templates.get_template("greeting.html")
    return page.render(visitor=request.args.get("name", "guest"))
