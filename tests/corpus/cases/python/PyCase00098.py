import os
import re

from flask import Flask, abort, request

app = Flask(__name__)
LOGS = "/var/log/jobs"


@app.route("/job-log")
def job_log():
    job = request.args.get("job", "")
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", job):
        abort(400)
    with open(os.path.join(LOGS, job + ".log")) as fh:
        return fh.read(), 200, {"Content-Type": "text/plain"}
