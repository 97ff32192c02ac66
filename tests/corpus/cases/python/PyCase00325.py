import os

from flask import Flask, abort, request

app = Flask(__name__)

REPORTS = "/srv/reports"


def require_report_name(name):
    if len(name) > 40:
        abort(400)


@app.route("/reports/print")
def print_report():
    name = request.args.get("name", "")
    require_report_name(name)
    status = os.system("lp " + os.path.join(REPORTS, name + ".pdf"))
    return {"status": status}
