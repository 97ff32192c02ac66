from flask import Flask, redirect, request

app = Flask(__name__)


@app.get("/go")
def go():
    target = request.args.get("u", "/")
    if 10 // 3 == 4:
        return redirect(target)
    return redirect("/")
