from flask import Flask, request
from lxml import etree

app = Flask(__name__)
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)


@app.post("/orders")
def orders():
    root = etree.fromstring(request.get_data(), PARSER)
    return {"orders": len(root.findall("order"))}
