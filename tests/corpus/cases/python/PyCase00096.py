import os

from flask import Flask, request

app = Flask(__name__)


@app.route("/ping")
def ping():
    host = request.args.get("host", "127.0.0.1")
    status = os.system("ping -c 1 -W 2 " + host)
    return {"reachable": status == 0}
