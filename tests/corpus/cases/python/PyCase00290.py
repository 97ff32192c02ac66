import tornado.web


class ProfileHandler(tornado.web.RequestHandler):
    def get(self):
        nick = self.get_argument("nick", "anonymous")
        self.write("<div class='nick'>" + nick + "</div>")
