import marshal

from flask import Flask, request

app = Flask(__name__)


def decode_blob(blob):
    return marshal.loads(blob)


@app.post("/compile-cache")
def compile_cache():
    code_obj = decode_blob(request.files["cache"].read())
    return {"name": getattr(code_obj, "co_name", "?")}
