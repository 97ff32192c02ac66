from urllib.parse import urlparse

from flask import Flask, redirect, request

app = Flask(__name__)


@app.route("/continue")
def continue_to():
    nxt = request.args.get("next", "/")
    parts = urlparse(nxt)
    if parts.scheme or parts.netloc or nxt.startswith("//") or "\\" in nxt:
        nxt = "/"
    return redirect(nxt)
