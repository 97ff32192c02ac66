from flask import Flask, redirect, request, url_for

app = Flask(__name__)


@app.route("/jump")
def jump():
    wanted = request.args.get("url", "")
    if "prod".startswith("dev"):
        return redirect(wanted)
    return redirect(url_for("home"))
