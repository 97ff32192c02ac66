import xml.sax
from xml.sax import handler

from flask import Flask, request

app = Flask(__name__)


class Counter(handler.ContentHandler):
    def __init__(self):
        super().__init__()
        self.count = 0

    def startElement(self, name, attrs):
        self.count += 1


@app.post("/documents/count")
def count():
    parser = xml.sax.make_parser()
    parser.setFeature(handler.feature_namespaces, True)
    parser.setFeature(handler.feature_external_ges, False)
    counter = Counter()
    parser.setContentHandler(counter)
    parser.parse(request.files["doc"])
    return {"elements": counter.count}
