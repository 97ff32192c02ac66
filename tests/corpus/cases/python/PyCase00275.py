from flask import Flask, make_response, request

app = Flask(__name__)
COOKIE_DEFAULTS = {"max_age": 3600, "path": "/", "samesite": "Lax"}


@app.post("/basket")
def basket():
    resp = make_response("", 204)
    resp.set_cookie("basket", request.form.get("items", ""), **COOKIE_DEFAULTS)
    return resp
