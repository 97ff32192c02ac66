from flask import Flask, request
from lxml import etree

app = Flask(__name__)
CATALOG = etree.parse("catalog.xml")


@app.get("/book")
def book():
    title = request.args.get("title", "")
    nodes = CATALOG.xpath(f"//book[title='{title}']/price/text()")
    return {"prices": [str(n) for n in nodes]}
