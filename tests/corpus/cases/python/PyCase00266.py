import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/report")
def report():
    argv = ["/usr/bin/report-gen", "--quiet", "txt"]
    argv[2] = request.args.get("fmt", "txt")
    subprocess.run(" ".join(argv), shell=True, check=True)
    return "ok"
