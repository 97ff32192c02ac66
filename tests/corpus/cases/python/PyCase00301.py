import secrets

from flask import Flask, make_response, request

app = Flask(__name__)


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    token = secrets.token_urlsafe(32)
    resp = make_response({"user": user})
    resp.set_cookie("session_token", token, max_age=3600)
    return resp
