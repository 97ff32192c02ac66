from flask import Flask, request
from lxml import etree

app = Flask(__name__)


def permissive_parser():
    return etree.XMLParser(resolve_entities=True, dtd_validation=False)


@app.post("/catalog")
def catalog():
    root = etree.fromstring(request.get_data(), permissive_parser())
    return {"products": [p.get("sku") for p in root.iter("product")]}
