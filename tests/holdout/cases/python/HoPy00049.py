import subprocess

from flask import Flask, abort, request

app = Flask(__name__)
SERVICES = {"nginx", "redis", "postgres"}


@app.post("/restart")
def restart():
    name = request.json.get("service", "")
    if name not in SERVICES:
        abort(400)
    subprocess.run(f"systemctl restart {name}", shell=True, check=True)
    return {"restarted": name}
