from flask import Flask, request
from lxml import etree

app = Flask(__name__)
USERS = etree.parse("/srv/data/users.xml")


@app.route("/user")
def user():
    name = request.args.get("name", "")
    nodes = USERS.xpath("//user[@name=$n]/email/text()", n=name)
    return {"emails": [str(n) for n in nodes]}
