import sqlite3

from flask import Flask, abort, request

app = Flask(__name__)
SORTABLE = {"name": "name", "email": "email", "newest": "created DESC"}


@app.route("/users")
def users():
    key = request.args.get("sort", "name")
    if key not in SORTABLE:
        abort(400)
    order = SORTABLE[key]
    conn = sqlite3.connect("users.db")
    rows = conn.execute("SELECT name FROM users ORDER BY " + order).fetchall()
    return "\n".join(r[0] for r in rows)
