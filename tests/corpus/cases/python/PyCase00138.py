from flask import Flask, redirect, request

app = Flask(__name__)


@app.route("/continue")
def continue_to():
    nxt = request.args.get("next", "/")
    # only local paths are accepted
    if not nxt.startswith("/"):
        nxt = "/"
    return redirect(nxt)
