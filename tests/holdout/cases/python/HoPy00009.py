import pickle

from flask import Flask, request

app = Flask(__name__)


@app.get("/state")
def state():
    snapshot = {"page": request.args.get("p", "1"), "filter": request.args.get("f", "")}
    blob = pickle.dumps(snapshot)
    restored = pickle.loads(blob)
    return restored
