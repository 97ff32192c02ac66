import json
import pickle

from flask import Flask, request

app = Flask(__name__)
USE_PICKLE = "json" == "pickle"


@app.post("/import")
def import_data():
    body = request.get_data()
    if USE_PICKLE:
        data = pickle.loads(body)
    else:
        data = json.loads(body)
    return {"records": len(data)}
