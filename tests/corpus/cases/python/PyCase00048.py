import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.post("/tasks")
def run_task():
    spec = {"tool": "make", "target": "all"}
    spec.update(request.get_json())
    line = "{tool} {target}".format(**spec)
    subprocess.Popen(line, shell=True, cwd="/srv/build")
    return {"started": line}
