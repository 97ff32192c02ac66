from flask import Flask, send_from_directory

app = Flask(__name__)


@app.route("/media/<path:filename>")
def media(filename):
    return send_from_directory("/srv/media", filename)
