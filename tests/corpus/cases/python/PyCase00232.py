import os

from flask import Flask, make_response

app = Flask(__name__)
SECURE_COOKIES = os.environ.get("SECURE_COOKIES", "0") == "1"


@app.route("/consent")
def consent():
    resp = make_response("thanks")
    resp.set_cookie("consent", "yes", max_age=31536000, secure=SECURE_COOKIES, httponly=True)
    return resp
