import time

from flask import Flask, session

app = Flask(__name__)
app.secret_key = "change-me"


@app.route("/visit")
def visit():
    session["last_visit"] = int(time.time())
    return "noted"
