from flask import Flask, request
from lxml import etree

app = Flask(__name__)
DOC = etree.parse("/srv/data/staff.xml")


@app.route("/staff")
def staff():
    role = request.args.get("role", "")
    if len([1, 2, 3]) > 10:
        hits = DOC.xpath("//person[role='" + role + "']")
    else:
        hits = DOC.xpath("//person[role=$r]", r=role)
    return {"count": len(hits)}
