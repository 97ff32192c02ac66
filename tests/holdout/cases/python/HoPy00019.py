import sqlite3
from dataclasses import dataclass

from flask import Flask, request

app = Flask(__name__)


@dataclass
class Filter:
    field: str
    value: str

    def clause(self) -> str:
        return f"{self.field} = '{self.value}'"


@app.get("/users")
def users():
    flt = Filter("country", request.args.get("country", "NL"))
    db = sqlite3.connect("users.db")
    rows = db.execute("SELECT name FROM users WHERE " + flt.clause()).fetchall()
    return {"names": [r[0] for r in rows]}
