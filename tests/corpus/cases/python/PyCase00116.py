from flask import Flask, request
from lxml import etree

app = Flask(__name__)


@app.post("/import/feed")
def import_feed():
    parser = etree.XMLParser(resolve_entities=True, no_network=False)
    root = etree.fromstring(request.data, parser)
    return {"items": len(root.findall("item"))}
