import os

from flask import Flask, request

app = Flask(__name__)
BASE_DIR = "/srv/app/attachments"


@app.route("/download")
def download():
    name = os.path.basename(request.args.get("file", ""))
    full = os.path.join(BASE_DIR, name)
    with open(full, "rb") as fh:
        data = fh.read()
    return data, 200, {"Content-Type": "application/octet-stream"}
