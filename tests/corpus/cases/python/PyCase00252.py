import os

from flask import Flask, request

app = Flask(__name__)
INVOICES = "/srv/invoices"


@app.route("/invoice")
def invoice():
    number = int(request.args["id"])
    with open(os.path.join(INVOICES, "%08d.pdf" % number), "rb") as fh:
        return fh.read(), 200, {"Content-Type": "application/pdf"}
