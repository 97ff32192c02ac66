from flask import Flask, redirect, request

app = Flask(__name__)


@app.get("/login/done")
def login_done():
    return redirect(request.args.get("next", "/"))
