import xml.sax
from xml.sax import handler

from flask import Flask, request

app = Flask(__name__)


def with_includes(parser):
    parser.setFeature(handler.feature_external_ges, True)
    parser.setFeature(handler.feature_external_pes, True)
    return parser


@app.post("/manifests")
def manifest():
    parser = xml.sax.make_parser()
    with_includes(parser)
    names = []
    content = handler.ContentHandler()
    content.startElement = lambda name, attrs: names.append(name)
    parser.setContentHandler(content)
    parser.parse(request.files["manifest"])
    return {"elements": names}
