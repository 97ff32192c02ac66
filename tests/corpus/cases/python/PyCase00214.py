from flask import Flask, session, request

app = Flask(__name__)
app.secret_key = "change-me"


@app.route("/resume")
def resume():
    cart_id = request.cookies.get("cart_id")
    session["cart_id"] = cart_id
    return "resumed"
