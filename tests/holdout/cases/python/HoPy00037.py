from flask import Flask, request, send_file

from holdlib import fsutil

app = Flask(__name__)


@app.get("/docs")
def doc():
    path = fsutil.confine(fsutil.STORAGE, request.args["doc"])
    return send_file(path)
