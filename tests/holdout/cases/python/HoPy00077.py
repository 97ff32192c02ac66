from flask import Flask, request
from jinja2 import Environment

app = Flask(__name__)
env = Environment(autoescape=True)
PAGE = env.from_string("<p>Welcome back, {{ name }}</p>")


@app.get("/welcome")
def welcome():
    return PAGE.render(name=request.cookies.get("name", ""))
