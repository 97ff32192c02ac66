import os

from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/uploads"


@app.post("/upload")
def upload():
    f = request.files["doc"]
    dest = os.path.join(UPLOADS, f.filename)
    if not os.path.realpath(dest).startswith(UPLOADS + os.sep):
        app.logger.warning("odd upload name %s", f.filename)
    f.save(dest)
    return {"stored": f.filename}
