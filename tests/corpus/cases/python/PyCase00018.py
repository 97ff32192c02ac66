import os

from flask import Flask, request
from werkzeug.utils import secure_filename

app = Flask(__name__)
app.config["UPLOAD_FOLDER"] = "/srv/uploads"


@app.post("/upload")
def upload():
    f = request.files["document"]
    target = os.path.join(app.config["UPLOAD_FOLDER"], secure_filename(f.filename))
    f.save(target)
    return {"stored": os.path.basename(target)}
