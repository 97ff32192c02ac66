import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)

MEDIA = "/srv/media"


@app.route("/media")
def media():
    name = request.args.get("file", "")
    if ".." in name or name.startswith("/"):
        abort(404)
    return send_file(os.path.join(MEDIA, name))
