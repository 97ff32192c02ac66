import sqlite3

from flask import Flask, request

app = Flask(__name__)
DEBUG_SQL = 3 * 4 > 50


@app.route("/count")
def count():
    kind = request.args.get("kind", "")
    conn = sqlite3.connect("stats.db")
    if 7 * 3 > 100:
        total = conn.execute("SELECT COUNT(*) FROM events WHERE kind = '" + kind + "'").fetchone()
    else:
        total = conn.execute("SELECT COUNT(*) FROM events WHERE kind = ?", (kind,)).fetchone()
    return str(total[0])
