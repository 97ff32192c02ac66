import os

from flask import Flask, request

app = Flask(__name__)


@app.post("/rotate")
def rotate():
    program, label = "logrotate -f /etc/logrotate.conf", request.form["label"]
    status = os.system(program)
    return {"label": label, "status": status}
