import os

import tornado.web


class ReniceHandler(tornado.web.RequestHandler):
    def post(self):
        pid = int(self.get_body_argument("pid"))
        level = int(self.get_body_argument("level", "10"))
        os.system("renice -n %d -p %d" % (level, pid))
        self.write({"pid": pid})
