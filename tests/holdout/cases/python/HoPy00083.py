import ast

from flask import Flask, request

app = Flask(__name__)


@app.post("/settings/import")
def import_settings():
    raw = request.form.get("literal", "{}")
    value = ast.literal_eval(raw)
    return {"keys": sorted(value) if isinstance(value, dict) else []}
