import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)
ROOT = os.path.realpath("/srv/static/docs")


@app.route("/docs")
def docs():
    wanted = os.path.realpath(os.path.join(ROOT, request.args["page"]))
    if os.path.commonpath([ROOT, wanted]) != ROOT:
        abort(403)
    return send_file(wanted)
