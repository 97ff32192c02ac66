import subprocess

from flask import Flask, request

app = Flask(__name__)
WORKDIR = "/srv/mirrors"


def vcs(*args):
    return ["git", *args]


@app.route("/mirrors", methods=["POST"])
def add_mirror():
    remote = request.form["remote"]
    argv = vcs("clone", "--mirror", "--")
    argv.append(remote)
    subprocess.run(argv, cwd=WORKDIR, check=True)
    return {"ok": True}
