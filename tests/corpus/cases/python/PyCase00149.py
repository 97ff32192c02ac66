import json
from datetime import datetime

from fastapi import FastAPI, Request

app = FastAPI()


def revive(obj):
    if "at" in obj:
        obj["at"] = datetime.fromisoformat(obj["at"])
    return obj


@app.post("/events")
async def events(request: Request):
    raw = await request.body()
    batch = json.loads(raw, object_hook=revive)
    return {"received": len(batch)}
