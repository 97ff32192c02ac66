import tarfile

from flask import Flask, request

app = Flask(__name__)


@app.post("/import")
def import_bundle():
    bundle = request.files["bundle"]
    with tarfile.open(fileobj=bundle.stream, mode="r:gz") as tar:
        tar.extractall("/srv/imports")
    return "imported"
