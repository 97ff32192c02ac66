import pickle

from flask import Flask, request

app = Flask(__name__)


@app.post("/session/restore")
def restore():
    blob = request.get_data()
    state = pickle.loads(blob)
    return {"restored": sorted(state)}
