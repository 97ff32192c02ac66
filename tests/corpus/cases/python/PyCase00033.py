import os

from flask import Flask, request

app = Flask(__name__)
BASE_DIR = "/srv/app/attachments"


@app.route("/download")
def download():
    name = request.args.get("file", "")
    with open(os.path.join(BASE_DIR, name), "rb") as fh:
        data = fh.read()
    return data, 200, {"Content-Type": "application/octet-stream"}
