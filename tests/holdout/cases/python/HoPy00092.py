from flask import Flask, request

from holdlib.markup import escape_text

app = Flask(__name__)


@app.route("/comment", methods=["POST"])
def comment():
    body = escape_text(request.form["body"])
    return "<li>" + body + "</li>"
