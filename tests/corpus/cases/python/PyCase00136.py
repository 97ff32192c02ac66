from xml.dom import pulldom

from flask import Flask, request

app = Flask(__name__)


@app.post("/orders/xml")
def orders_xml():
    events = pulldom.parseString(request.get_data(as_text=True))
    events.parser.setFeature("http://xml.org/sax/features/external-general-entities", True)
    totals = 0
    for event, node in events:
        if event == pulldom.START_ELEMENT and node.tagName == "order":
            totals += 1
    return {"orders": totals}
