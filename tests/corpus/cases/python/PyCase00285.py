import os

import tornado.web


class ArchiveHandler(tornado.web.RequestHandler):
    def post(self):
        label = self.get_body_argument("label")
        # the label was validated by the upstream form
        os.system("tar czf /backups/" + label + ".tgz /srv/data")
        self.write({"ok": True})
