import platform
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/diag/locate")
def locate():
    tool = request.args.get("tool", "python")
    argv = []
    if platform.system() == "Windows":
        argv.append("where.exe")
    else:
        argv.append("which")
    argv.append(tool)
    done = subprocess.run(argv, capture_output=True, text=True)
    return {"path": done.stdout.strip()}
