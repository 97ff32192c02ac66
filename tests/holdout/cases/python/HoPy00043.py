import tornado.web


class GreetHandler(tornado.web.RequestHandler):
    def get(self):
        who = self.get_query_argument("who", "stranger")
        self.write("<h1>Hello, " + who + "</h1>")
