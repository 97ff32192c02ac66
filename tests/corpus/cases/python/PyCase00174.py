import xml.sax
from xml.sax.handler import feature_external_ges

from django.http import JsonResponse


class CountHandler(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.count = 0

    def startElement(self, name, attrs):
        self.count += 1


def count_elements(request):
    handler = CountHandler()
    parser = xml.sax.make_parser()
    parser.setFeature(feature_external_ges, True)
    parser.setContentHandler(handler)
    parser.feed(request.body)
    parser.close()
    return JsonResponse({"elements": handler.count})
