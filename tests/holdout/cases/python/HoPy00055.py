from flask import Flask, request

from holdlib.markup import tidy

app = Flask(__name__)


@app.route("/comment", methods=["POST"])
def comment():
    clean = tidy(request.form["body"])
    return "<li>%s</li>" % clean
