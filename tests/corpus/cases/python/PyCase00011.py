import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/sorted")
def sorted_users():
    column = request.args.get("sort", "name")
    if request.args.get("strict"):
        if column not in ("name", "email", "created"):
            column = "name"
    conn = sqlite3.connect("users.db")
    rows = conn.execute("SELECT name, email FROM users ORDER BY " + column).fetchall()
    return "\n".join(r[0] for r in rows)
