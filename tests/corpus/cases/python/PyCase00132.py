from flask import Flask, redirect, request

app = Flask(__name__)


def normalise_target(value):
    return value.strip() or "/"


@app.route("/after-checkout")
def after_checkout():
    return redirect(normalise_target(request.args.get("page", "/")))
