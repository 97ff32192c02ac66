import os
import re

from flask import Flask, abort, request

app = Flask(__name__)

REPORTS = "/srv/reports"


def require_report_name(name):
    if not re.fullmatch(r"[a-z0-9_-]{1,40}", name):
        abort(400)


@app.route("/reports/<name>/print")
def print_report(name):
    require_report_name(name)
    status = os.system("lp " + os.path.join(REPORTS, name + ".pdf"))
    return {"status": status, "report": request.path}
