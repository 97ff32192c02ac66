import os

from flask import Flask, request
from werkzeug.utils import secure_filename

app = Flask(__name__)
UPLOADS = "/srv/uploads"


@app.post("/upload")
def upload():
    f = request.files["doc"]
    stored = secure_filename(f.filename) or "unnamed"
    f.save(os.path.join(UPLOADS, stored))
    return {"stored": stored}
