import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/range")
def in_range():
    low, high = request.args.get("span", "0-10").split("-", 1)
    conn = sqlite3.connect("metrics.db")
    q = "SELECT ts, value FROM samples WHERE value BETWEEN " + low + " AND " + high
    return {"points": conn.execute(q).fetchall()}
