import base64
import pickle

from flask import Flask, request

app = Flask(__name__)


@app.get("/cart")
def cart():
    raw = request.cookies.get("cart", "")
    items = pickle.loads(base64.b64decode(raw)) if raw else []
    return {"count": len(items)}
