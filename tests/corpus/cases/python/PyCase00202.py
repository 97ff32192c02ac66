from flask import Flask, make_response

app = Flask(__name__)
COOKIE_FLAGS = {"secure": True, "httponly": True, "samesite": "Lax"}


@app.route("/consent")
def consent():
    resp = make_response("thanks")
    resp.set_cookie("consent", "yes", max_age=31536000, **COOKIE_FLAGS)
    return resp
