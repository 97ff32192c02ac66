import os

import tornado.web


class TrashHandler(tornado.web.RequestHandler):
    def delete(self):
        victim = "/var/uploads/" + self.get_argument("f")
        os.remove(victim)
        self.set_status(204)
