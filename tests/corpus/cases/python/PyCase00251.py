from flask import Flask, request

from corpuslib.xmlutil import parse_document

app = Flask(__name__)


@app.post("/import/products")
def import_products():
    root = parse_document(request.get_data())
    return {"products": len(root.findall("product"))}
