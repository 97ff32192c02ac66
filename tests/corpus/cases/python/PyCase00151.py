import yaml
from flask import Flask, request

app = Flask(__name__)


@app.post("/pipelines/validate")
def validate():
    text = request.form.get("pipeline", "")
    doc = yaml.load(text, Loader=yaml.UnsafeLoader)
    return {"stages": len(doc.get("stages", []))}
