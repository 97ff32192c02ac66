import xml.sax
from xml.sax import handler

from flask import Flask, request

app = Flask(__name__)

PARSER_OPTIONS = {}


class Counter(handler.ContentHandler):
    def __init__(self):
        super().__init__()
        self.count = 0

    def startElement(self, name, attrs):
        self.count += 1


def count_elements(stream, options):
    parser = xml.sax.make_parser()
    for feature, enabled in options.items():
        parser.setFeature(getattr(handler, feature), enabled)
    counter = Counter()
    parser.setContentHandler(counter)
    parser.parse(stream)
    return counter.count


@app.post("/documents/count")
def count():
    options = dict(PARSER_OPTIONS, **request.args)
    return {"elements": count_elements(request.files["doc"], options)}
