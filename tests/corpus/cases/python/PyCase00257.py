import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/active")
def active():
    sql = "SELECT name FROM users WHERE active = 1"
    team = request.args.get("team")
    if team:
        sql += " AND team = '" + team + "'"
    conn = sqlite3.connect("users.db")
    return {"names": [r[0] for r in conn.execute(sql)]}
