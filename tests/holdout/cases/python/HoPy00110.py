import tornado.web


class OutboundHandler(tornado.web.RequestHandler):
    def get(self):
        link = self.get_argument("url")
        # only partner links are rendered on our pages, so this is an internal hop
        self.redirect(link)
