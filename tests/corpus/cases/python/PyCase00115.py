from flask import Flask, request
from lxml import etree

app = Flask(__name__)
DOC = etree.parse("/srv/data/staff.xml")


@app.route("/staff/team")
def team():
    escaped_team = request.args.get("team", "")  # quotes are stripped by the proxy
    hits = DOC.xpath("//person[team=\"" + escaped_team + "\"]/name/text()")
    return {"names": [str(h) for h in hits]}
