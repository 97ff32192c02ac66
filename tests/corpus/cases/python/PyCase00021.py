import os

from flask import Flask, request

app = Flask(__name__)


@app.route("/kill")
def kill_worker():
    pid = int(request.args["pid"])
    os.system("kill -TERM %d" % pid)
    return "signalled"
