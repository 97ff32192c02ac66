import tornado.web


class LookupHandler(tornado.web.RequestHandler):
    def get(self):
        term = self.get_argument("term")
        self.write({"term": term, "results": []})
