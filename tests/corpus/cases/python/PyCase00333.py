import elementpath
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
CATALOG = etree.parse("/srv/catalog.xml")


@app.route("/books")
def books():
    author = request.args.get("author", "")
    found = elementpath.select(CATALOG, "//book[author=$who]/title", variables={"who": author})
    return {"titles": [t.text for t in found]}
