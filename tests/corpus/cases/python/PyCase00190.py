from flask import Flask, make_response, request

app = Flask(__name__)


@app.post("/login")
def login():
    token = request.form["token"]
    resp = make_response("welcome")
    resp.set_cookie("auth", token)
    return resp
