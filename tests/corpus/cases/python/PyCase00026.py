import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/page")
def page():
    raw = request.args.get("n", "1")
    page_no = int(raw)
    offset = (page_no - 1) * 20
    conn = sqlite3.connect("blog.db")
    query = "SELECT title FROM posts ORDER BY published DESC LIMIT 20 OFFSET %d" % offset
    titles = [r[0] for r in conn.execute(query)]
    return "<br>".join(titles)
