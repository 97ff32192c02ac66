from fastapi import FastAPI, Request
from lxml import etree

app = FastAPI()


@app.post("/soap")
async def soap(request: Request):
    body = await request.body()
    parser = etree.XMLParser(resolve_entities=True, huge_tree=True)
    doc = etree.fromstring(body, parser=parser)
    action = doc.find(".//{*}Action")
    return {"action": action.text if action is not None else None}
