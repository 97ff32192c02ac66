from flask import Flask, request
from lxml import etree

app = Flask(__name__)

FEED_PARSER = etree.XMLParser(remove_blank_text=True, huge_tree=False)


@app.post("/feeds/import")
def import_feed():
    root = etree.fromstring(request.get_data(), FEED_PARSER)
    return {"items": len(root.findall("item"))}
