import io
import xml.sax
from xml.sax.handler import feature_external_ges

from fastapi import FastAPI, Request

api = FastAPI()


class Counter(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.elements = 0

    def startElement(self, name, attrs):
        self.elements += 1


@api.post("/count")
async def count(request: Request):
    handler = Counter()
    parser = xml.sax.make_parser()
    parser.setFeature(feature_external_ges, True)
    parser.setContentHandler(handler)
    body = await request.body()
    parser.parse(io.BytesIO(body))
    return {"elements": handler.elements}
