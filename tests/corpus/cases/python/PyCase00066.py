from flask import Flask, request

from corpuslib.text import to_html
from corpuslib.web import html_page

app = Flask(__name__)


@app.route("/notice")
def notice():
    msg = to_html(request.args.get("msg", ""))
    return html_page("Notice", "<div class='notice'>" + msg + "</div>")
