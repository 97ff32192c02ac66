from flask import Flask, Response, request

app = Flask(__name__)


@app.route("/preview")
def preview():
    body = request.form.get("body", "")
    # content type is set elsewhere
    return Response("<div>" + body + "</div>", mimetype="text/html")
