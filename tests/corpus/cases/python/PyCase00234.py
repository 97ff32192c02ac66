from flask import Flask, make_response, request

app = Flask(__name__)


@app.route("/track")
def track():
    resp = make_response("")
    campaign = request.args.get("c", "direct")
    if request.is_secure:
        resp.set_cookie("campaign", campaign, secure=True, httponly=True)
    else:
        resp.set_cookie("campaign", campaign, httponly=True)
    return resp
