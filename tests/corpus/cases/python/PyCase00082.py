import json
import os

from flask import Flask, request

app = Flask(__name__)
CONFIG_DIR = "/etc/myapp"


@app.route("/settings")
def settings():
    section = request.args.get("section", "general")
    filename = "settings.json"
    with open(os.path.join(CONFIG_DIR, filename)) as fh:
        data = json.load(fh)
    return data.get(section, {})
