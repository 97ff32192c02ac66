import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/active")
def active():
    only_admins = request.args.get("admins") == "1"
    sql = "SELECT name FROM users WHERE active = 1"
    if only_admins:
        sql += " AND role = 'admin'"
    sql += " ORDER BY name"
    conn = sqlite3.connect("users.db")
    return {"names": [r[0] for r in conn.execute(sql)]}
