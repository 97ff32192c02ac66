import json

from flask import Flask, request

app = Flask(__name__)


@app.post("/settings/preview")
def preview():
    raw = request.get_data(as_text=True)
    settings = json.loads(raw)
    return {"keys": sorted(settings)}
