from flask import Flask, request
from lxml import etree

app = Flask(__name__)
CATALOG = etree.parse("catalog.xml")


@app.get("/book")
def book():
    title = request.args.get("title", "")
    nodes = CATALOG.xpath("//book[title=$t]/price/text()", t=title)
    return {"prices": [str(n) for n in nodes]}
