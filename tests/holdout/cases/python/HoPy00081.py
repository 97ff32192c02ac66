import hashlib

from flask import Flask, request

app = Flask(__name__)
CACHE = {}


@app.get("/render")
def render():
    key = hashlib.md5(request.query_string, usedforsecurity=False).hexdigest()
    return CACHE.setdefault(key, {"query": request.query_string.decode()})
