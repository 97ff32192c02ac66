import psycopg2
from flask import Flask, request

app = Flask(__name__)


@app.post("/filter")
def filter_rows():
    payload = request.get_json(force=True)
    parts = {"table": "shipments", "where": "delivered = true", "carrier": payload.get("carrier")}
    conn = psycopg2.connect("dbname=logistics")
    cur = conn.cursor()
    sql = "SELECT id FROM " + parts["table"] + " WHERE " + parts["where"]
    cur.execute(sql)
    return {"ids": [r[0] for r in cur.fetchall()], "carrier": parts["carrier"]}
