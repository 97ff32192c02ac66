import os

import tarsafe
from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/themes"


@app.post("/themes/<int:theme_id>")
def upload_theme(theme_id: int):
    stream = request.files["theme"].stream
    with tarsafe.open(fileobj=stream, mode="r:*") as theme:
        theme.extractall(os.path.join(UPLOADS, str(theme_id)))
    return {"ok": True}
