import pickle

from flask import Flask, request

app = Flask(__name__)

DEFAULTS = {"theme": "light", "page_size": 20}


def snapshot(settings):
    return pickle.loads(pickle.dumps(settings))


@app.route("/preview", methods=["POST"])
def preview():
    merged = snapshot(DEFAULTS)
    merged.update(request.get_json(silent=True) or {})
    return merged
