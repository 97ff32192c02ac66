import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


def db():
    return sqlite3.connect("inventory.db")


@app.route("/items")
def list_items():
    category = request.args.get("category", "tools")
    conn = db()
    rows = conn.execute(f"SELECT id, name, price FROM items WHERE category = '{category}'").fetchall()
    return jsonify([dict(zip(("id", "name", "price"), r)) for r in rows])
