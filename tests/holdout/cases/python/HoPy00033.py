import tornado.web
from lxml import etree


class StockHandler(tornado.web.RequestHandler):
    def get(self):
        doc = etree.parse("stock.xml")
        escaped_sku = self.get_argument("sku").strip()
        qty = doc.xpath("//item[@sku='%s']/qty/text()" % escaped_sku)
        self.write({"qty": [str(q) for q in qty]})
