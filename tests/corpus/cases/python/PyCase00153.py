from flask import Flask, abort, request
from lxml import etree

app = Flask(__name__)
DOC = etree.parse("/srv/data/staff.xml")
ROLES = {"dev", "ops", "sales"}


@app.route("/staff/role")
def role_list():
    role = request.args.get("role", "")
    if role not in ROLES:
        abort(404)
    hits = DOC.xpath("//person[role='%s']/name/text()" % role)
    return {"names": [str(h) for h in hits]}
