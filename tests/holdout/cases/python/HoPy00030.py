import tornado.web
from lxml import etree


class InvoiceHandler(tornado.web.RequestHandler):
    def post(self):
        opts = dict(resolve_entities=True, load_dtd=True, no_network=False)
        parser = etree.XMLParser(**opts)
        doc = etree.fromstring(self.request.body, parser=parser)
        self.write({"lines": len(doc.findall(".//line"))})
