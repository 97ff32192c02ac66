import tornado.web
from tornado.template import Template


class PreviewHandler(tornado.web.RequestHandler):
    def post(self):
        tpl = Template(self.get_body_argument("tpl"))
        self.write(tpl.generate(user=self.current_user))
