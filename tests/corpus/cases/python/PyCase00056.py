import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/tag")
def by_tag():
    tag = request.args.get("tag", "")
    tag = tag.replace("'", "''")
    tag = request.args.get("raw_tag", tag)
    conn = sqlite3.connect("catalog.db")
    return str(conn.execute("SELECT COUNT(*) FROM products WHERE tag = '" + tag + "'").fetchone())
