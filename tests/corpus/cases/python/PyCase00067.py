import shlex
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/convert")
def convert():
    src = shlex.quote(request.args["src"])
    fmt = request.args.get("fmt", "pdf")
    src = src + " --to " + fmt
    subprocess.run("pandoc " + src, shell=True, check=True)
    return "done"
