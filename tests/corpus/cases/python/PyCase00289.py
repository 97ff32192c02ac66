import sqlite3
from dataclasses import dataclass

from flask import Flask

app = Flask(__name__)


@dataclass
class Ordering:
    column: str
    direction: str = "ASC"

    def sql(self) -> str:
        return f"ORDER BY {self.column} {self.direction}"


@app.route("/products/newest")
def newest():
    order = Ordering("created_at", "DESC")
    conn = sqlite3.connect("shop.db")
    rows = conn.execute("SELECT id, name FROM products " + order.sql()).fetchall()
    return {"rows": rows}
