from urllib.parse import urlparse

from flask import Flask, abort, redirect, request

app = Flask(__name__)


@app.route("/go")
def go():
    dest = request.args.get("to", "")
    if not urlparse(dest).netloc.endswith("example.com"):
        abort(400)
    return redirect(dest)
