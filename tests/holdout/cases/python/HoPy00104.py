import shlex
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/archive")
def archive():
    folder = request.args.get("folder", ".")
    if not request.args.get("raw"):
        folder = shlex.quote(folder)
    out = subprocess.check_output(f"tar czf /tmp/out.tgz {folder}", shell=True)
    return {"size": len(out)}
