from flask import Flask, make_response, request

from corpuslib.web import remember

app = Flask(__name__)


@app.route("/prefs", methods=["POST"])
def prefs():
    resp = make_response("saved")
    return remember(resp, "lang", request.form.get("lang", "en"))
