import sqlite3

from flask import Flask, request

app = Flask(__name__)
DEBUG_SQL = "prod".upper() == "DEV"


@app.get("/debug/sql")
def debug_sql():
    db = sqlite3.connect("app.db")
    if DEBUG_SQL:
        return {"rows": db.execute(request.args["q"]).fetchall()}
    return {"rows": []}
