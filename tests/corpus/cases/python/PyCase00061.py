import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/feed")
def feed():
    direction = "ASC" if request.args.get("order") == "old" else "DESC"
    conn = sqlite3.connect("feed.db")
    rows = conn.execute("SELECT body FROM entries ORDER BY posted " + direction).fetchall()
    return "\n".join(r[0] for r in rows)
