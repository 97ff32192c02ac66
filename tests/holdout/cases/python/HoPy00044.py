from flask import Flask, request
from sqlalchemy import create_engine, text

engine = create_engine("sqlite:///inventory.db")
app = Flask(__name__)


@app.get("/items")
def items():
    sort = request.args.get("sort", "name")
    with engine.connect() as conn:
        rows = conn.execute(text(f"SELECT name, qty FROM items ORDER BY {sort}")).fetchall()
    return {"items": [list(r) for r in rows]}
