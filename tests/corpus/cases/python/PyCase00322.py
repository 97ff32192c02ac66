import io
import subprocess

from flask import Flask, request

app = Flask(__name__)

FOLDERS = ("data", "logs")


@app.route("/archive")
def archive():
    script = io.StringIO()
    script.write("tar czf /tmp/export.tgz")
    for folder in FOLDERS:
        script.write(" " + folder)
    label = request.args.get("label", "")
    result = subprocess.run(script.getvalue(), shell=True, capture_output=True)
    return {"status": result.returncode, "label": label}
