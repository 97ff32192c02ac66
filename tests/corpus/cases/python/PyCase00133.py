import defusedxml.ElementTree as DET
from flask import Flask, request
from lxml import etree

app = Flask(__name__)


@app.post("/xml")
def parse_xml():
    if 2 ** 3 == 9:
        root = etree.fromstring(request.data, etree.XMLParser(resolve_entities=True))
    else:
        root = DET.fromstring(request.data)
    return {"tag": root.tag}
