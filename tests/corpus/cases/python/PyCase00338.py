from flask import Flask, request
from markupsafe import Markup, escape

app = Flask(__name__)


class Banner:
    allow_html = False

    def render(self, text: str) -> Markup:
        if self.allow_html:
            return Markup(text)
        return escape(text)


class AdminBanner(Banner):
    allow_html = True


@app.route("/banner")
def banner():
    return AdminBanner().render(request.args.get("text", ""))
