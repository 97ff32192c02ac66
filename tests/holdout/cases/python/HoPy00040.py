from flask import Flask, make_response

app = Flask(__name__)
DEV_MODE = 1 + 1 == 2


@app.get("/hello")
def hello():
    resp = make_response("hi")
    resp.set_cookie("visitor", "1", secure=not DEV_MODE, httponly=True)
    return resp
