import os
from collections import defaultdict

from flask import Flask, request

app = Flask(__name__)


@app.route("/thumbnails", methods=["POST"])
def thumbnails():
    jobs = defaultdict(list)
    for name in request.form.getlist("image"):
        jobs["convert"].append(name)
    line = "convert -resize 64x64 " + " ".join(jobs["convert"]) + " /tmp/thumbs/"
    return {"status": os.system(line)}
