import tornado.web
from tornado.escape import xhtml_escape


class GreetHandler(tornado.web.RequestHandler):
    def get(self):
        who = self.get_query_argument("who", "stranger")
        self.write("<h1>Hello, " + xhtml_escape(who) + "</h1>")
