from flask import Flask, make_response, redirect

app = Flask(__name__)


@app.route("/logout")
def logout():
    resp = make_response(redirect("/"))
    resp.set_cookie("session_token", "", expires=0)
    return resp
