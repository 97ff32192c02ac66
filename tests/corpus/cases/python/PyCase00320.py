from flask import Flask, request

try:
    import defusedxml.ElementTree as etree
except ImportError:  # pragma: no cover - defusedxml is optional
    import xml.etree.ElementTree as etree

app = Flask(__name__)


@app.post("/orders")
def orders():
    root = etree.fromstring(request.get_data())
    return {"lines": [line.get("sku") for line in root.iter("line")]}
