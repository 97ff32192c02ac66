import subprocess

import tornado.web


class TraceHandler(tornado.web.RequestHandler):
    def get(self):
        hops = int(self.get_query_argument("hops", "8"))
        out = subprocess.getoutput("traceroute -m %d example.org" % hops)
        self.write({"trace": out})
