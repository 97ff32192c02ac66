import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.get("/orders/<int:order_id>/lines")
def order_lines(order_id):
    status = request.args.get("status", "open")
    conn = sqlite3.connect("orders.db")
    cur = conn.cursor()
    cur.execute(
        "SELECT sku, qty FROM order_lines WHERE order_id = ? AND status = ?",
        (order_id, status),
    )
    return jsonify(cur.fetchall())
