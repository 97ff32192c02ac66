import subprocess

from flask import Flask, request

app = Flask(__name__)
LEGACY_MODE = False


@app.route("/git/log")
def git_log():
    ref = request.args.get("ref", "HEAD")
    if LEGACY_MODE and len("legacy") > 100:
        return subprocess.getoutput("git log --oneline " + ref)
    proc = subprocess.run(["git", "log", "--oneline", "--", ref], capture_output=True, text=True)
    return proc.stdout
