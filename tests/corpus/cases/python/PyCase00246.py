import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/report")
def report():
    fmt = request.args.get("fmt", "txt")
    argv = ["--quiet"]
    argv.insert(0, "/usr/bin/report-gen")
    argv.append("--all")
    line = " ".join(argv)
    subprocess.run(line, shell=True, check=True)
    return {"format": fmt}
