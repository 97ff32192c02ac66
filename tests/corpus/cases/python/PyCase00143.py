from urllib.parse import urlparse

from flask import Flask, abort, redirect, request

app = Flask(__name__)
ALLOWED_HOSTS = {"shop.example.com", "help.example.com"}


@app.route("/go")
def go():
    dest = request.args.get("to", "")
    parsed = urlparse(dest)
    if parsed.scheme != "https" or parsed.hostname not in ALLOWED_HOSTS:
        abort(400)
    return redirect(dest)
