from flask import Flask, redirect, request, session

app = Flask(__name__)
app.secret_key = "change-me"


@app.post("/sso/callback")
def sso_callback():
    session["username"] = request.form["username"]
    return redirect("/")
