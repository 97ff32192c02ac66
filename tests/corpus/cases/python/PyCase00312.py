import os
import subprocess

from flask import Flask, request

app = Flask(__name__)


def checkout_command(kind):
    program = "hg" if kind == "mercurial" else "git"
    return [program, "checkout"]


@app.route("/projects/<name>/checkout", methods=["POST"])
def checkout(name):
    revision = request.json.get("revision", "main")
    if revision.startswith("-"):
        return {"error": "bad revision"}, 400
    cmd = checkout_command(request.json.get("kind", "git"))
    cmd += [revision]
    subprocess.check_output(cmd, cwd=os.path.join("/srv/projects", os.path.basename(name)))
    return {"revision": revision}
