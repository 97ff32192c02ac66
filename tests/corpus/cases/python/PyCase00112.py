import yaml
from flask import Flask, request

app = Flask(__name__)


@app.post("/config")
def config():
    text = request.get_data(as_text=True)
    loader = yaml.SafeLoader
    if request.args.get("legacy") == "1":
        loader = yaml.CSafeLoader
    doc = yaml.load(text, Loader=loader)
    return {"keys": list(doc or {})}
