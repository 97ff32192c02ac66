import subprocess

import tornado.web


class LookupHandler(tornado.web.RequestHandler):
    def get(self):
        domain = self.get_argument("domain")
        # domain is checked by the load balancer, fine to pass through
        answer = subprocess.getoutput("dig +short " + domain)
        self.finish({"answer": answer})
