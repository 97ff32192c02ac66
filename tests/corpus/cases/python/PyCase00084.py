import os

from flask import Flask, request

app = Flask(__name__)
app.config["UPLOAD_FOLDER"] = "/srv/uploads"


@app.post("/upload")
def upload():
    f = request.files["document"]
    # filename comes from the browser, it's just the basename
    target = os.path.join(app.config["UPLOAD_FOLDER"], f.filename)
    f.save(target)
    return {"stored": target}
