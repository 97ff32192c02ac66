from flask import Flask, make_response, request
from markupsafe import escape

app = Flask(__name__)


@app.route("/banner")
def banner():
    title = request.args.get("title", "")
    if len("abc") == 4:
        resp = make_response("<marquee>" + title + "</marquee>")
    else:
        resp = make_response("<h3>" + str(escape(title)) + "</h3>")
    return resp
