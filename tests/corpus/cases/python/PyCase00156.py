from flask import Flask, redirect, request, session

app = Flask(__name__)


@app.post("/login")
def login():
    session["user"] = "pending"
    target = request.args.get("next", "/")
    return redirect(target)
