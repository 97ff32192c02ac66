from flask import Flask, redirect, request

app = Flask(__name__)
LANDING = {"home": "/", "cart": "/cart", "orders": "/account/orders"}


def landing_for(key):
    return LANDING.get(key, "/")


@app.route("/after-checkout")
def after_checkout():
    return redirect(landing_for(request.args.get("page", "home")))
