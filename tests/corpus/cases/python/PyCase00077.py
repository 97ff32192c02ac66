from flask import Flask, request

from corpuslib.web import html_page

app = Flask(__name__)


@app.route("/notice")
def notice():
    msg = request.args.get("msg", "")
    return html_page("Notice", "<div class='notice'>" + msg + "</div>")
