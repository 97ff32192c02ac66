import os

from flask import Flask, request

app = Flask(__name__)
EXPORTS = "/srv/exports"


@app.route("/export")
def export():
    fname = request.args.get("f", "latest.csv")
    if fname.endswith(".csv"):
        fname = os.path.basename(fname)
    with open(os.path.join(EXPORTS, fname)) as fh:
        return fh.read()
