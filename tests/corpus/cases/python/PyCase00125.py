from flask import Flask, redirect, request

app = Flask(__name__)


@app.route("/oauth/callback")
def oauth_callback():
    state = {"return_to": "/dashboard", "code": request.args.get("code")}
    if "return_to" in request.args:
        state["return_to"] = request.args["return_to"]
    return redirect(state["return_to"])
