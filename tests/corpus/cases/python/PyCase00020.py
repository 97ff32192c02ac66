import subprocess

from flask import Flask, abort, request

app = Flask(__name__)
SERVICES = {"web": "nginx", "db": "postgresql", "cache": "redis-server"}


@app.post("/restart")
def restart():
    which = request.form.get("service", "")
    unit = SERVICES.get(which)
    if unit is None:
        abort(404)
    subprocess.run("systemctl restart " + unit, shell=True, check=True)
    return "ok"
