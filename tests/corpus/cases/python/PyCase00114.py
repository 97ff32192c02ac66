from flask import Flask, request
from lxml import etree

app = Flask(__name__)


def strict_parser():
    return etree.XMLParser(resolve_entities=False, no_network=True)


@app.post("/catalog")
def catalog():
    root = etree.fromstring(request.get_data(), strict_parser())
    return {"products": [p.get("sku") for p in root.iter("product")]}
