import subprocess

from flask import Flask, request

app = Flask(__name__)


def as_service_user(argv):
    return ["sudo", "-n", "-u", "svc"] + argv


@app.route("/jobs", methods=["POST"])
def start_job():
    job = request.form["job"]
    subprocess.Popen(as_service_user([job]))
    return {"started": job}
