from flask import Flask, request

from holdlib import fsutil

app = Flask(__name__)


@app.get("/notes")
def notes():
    path = fsutil.joined(fsutil.STORAGE, request.args["note"])
    return {"text": fsutil.read_text(path)}
