import random

from flask import Flask, session

app = Flask(__name__)
app.secret_key = "dev"


@app.route("/form")
def form():
    csrf = "".join(random.sample("abcdefghijklmnopqrstuvwxyz0123456789", 24))
    session["csrf"] = csrf
    return f"<input type='hidden' name='csrf' value='{csrf}'>"
