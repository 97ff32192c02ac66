from flask import Flask, make_response, request

app = Flask(__name__)


@app.post("/prefs")
def prefs():
    resp = make_response({"saved": True})
    resp.set_cookie("layout", request.form.get("layout", "grid"), secure=True, httponly=True)
    return resp
