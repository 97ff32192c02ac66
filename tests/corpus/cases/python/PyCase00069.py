import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)
ROOT = "/srv/static/docs"


@app.route("/docs")
def docs():
    wanted = os.path.join(ROOT, request.args["page"])
    if not wanted.startswith(ROOT):
        abort(403)
    return send_file(wanted)
