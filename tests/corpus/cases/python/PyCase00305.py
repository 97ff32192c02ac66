import platform
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/diag/ping")
def ping():
    host = request.args.get("host", "localhost")
    argv = []
    if platform.system() == "Windows":
        argv.append("cmd.exe")
        argv.append("/c")
    else:
        argv.append("/bin/sh")
        argv.append("-c")
    argv.append(f"ping -c 1 {host}")
    done = subprocess.run(argv, capture_output=True, text=True)
    return done.stdout
