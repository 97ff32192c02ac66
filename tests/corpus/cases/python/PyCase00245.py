import asyncpg
from fastapi import FastAPI

app = FastAPI()


@app.get("/stock/{sku}")
async def stock(sku: str):
    conn = await asyncpg.connect("postgresql://app@db/stock")
    try:
        row = await conn.fetchrow("SELECT qty FROM stock WHERE sku = $1", sku)
    finally:
        await conn.close()
    return {"qty": row["qty"] if row else 0}
