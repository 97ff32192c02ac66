import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/ping")
def ping():
    host = request.args.get("host", "127.0.0.1")
    proc = subprocess.run(["ping", "-c", "1", "-W", "2", host], capture_output=True, check=False)
    return {"reachable": proc.returncode == 0}
