import html

from flask import Flask, make_response, request

app = Flask(__name__)


@app.route("/card")
def card():
    who = html.escape(request.args.get("who", ""))
    note = request.args.get("note", "")
    who = who + "<small>" + note + "</small>"
    return make_response("<div class='card'>" + who + "</div>")
