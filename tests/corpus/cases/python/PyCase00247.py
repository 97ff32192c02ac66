import os
import zipfile

from flask import Flask, request

app = Flask(__name__)
DEST = "/srv/themes"


@app.post("/themes")
def install_theme():
    archive = zipfile.ZipFile(request.files["theme"].stream)
    for member in archive.namelist():
        target = os.path.join(DEST, member)
        with archive.open(member) as src, open(target, "wb") as dst:
            dst.write(src.read())
    return "installed"
