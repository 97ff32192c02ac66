from fastapi import FastAPI
from lxml import etree

app = FastAPI()
ORDERS = etree.parse("/srv/data/orders.xml")


@app.get("/orders/{order_id}")
def order(order_id: int):
    matches = ORDERS.xpath("//order[@id=%d]/status/text()" % order_id)
    return {"status": str(matches[0]) if matches else None}
