import tornado.web
from tornado.escape import xhtml_escape


class BannerHandler(tornado.web.RequestHandler):
    def get(self):
        note = self.get_query_argument("note", "")
        self.write("<p class='banner'>" + xhtml_escape(note) + "</p>")
