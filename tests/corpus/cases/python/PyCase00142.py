from fastapi import FastAPI
from lxml import etree

app = FastAPI()
ORDERS = etree.parse("/srv/data/orders.xml")


@app.get("/orders/by-customer")
def by_customer(customer: str):
    expr = "//order[customer='" + customer + "']/@id"
    return {"ids": [str(x) for x in ORDERS.xpath(expr)]}
