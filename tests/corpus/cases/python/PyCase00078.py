from fastapi import FastAPI
from sqlalchemy import create_engine, text

app = FastAPI()
engine = create_engine("postgresql+psycopg2://app@db/app")

INVOICE_SQL = text("SELECT number, amount FROM invoices WHERE customer = :customer AND year = :year")


@app.get("/invoices")
def invoices(customer: str, year: int = 2024):
    with engine.connect() as conn:
        result = conn.execute(INVOICE_SQL, {"customer": customer, "year": year})
        return [dict(r._mapping) for r in result]
