import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.post("/archive")
def archive():
    folder = request.form.get("folder", "docs")
    # list form, no shell=True
    subprocess.run(["sh", "-c", "tar czf /tmp/export.tgz " + folder], check=True)
    return "queued"
