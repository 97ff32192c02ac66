import psycopg2
from flask import Flask, request

app = Flask(__name__)


@app.post("/filter")
def filter_rows():
    criteria = {"table": "shipments", "carrier": "dhl"}
    criteria["carrier"] = request.json.get("carrier", "dhl")
    conn = psycopg2.connect("dbname=logistics")
    cur = conn.cursor()
    cur.execute("SELECT id FROM %s WHERE carrier = '%s'" % (criteria["table"], criteria["carrier"]))
    return {"ids": [r[0] for r in cur.fetchall()]}
