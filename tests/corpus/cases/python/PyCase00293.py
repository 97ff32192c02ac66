from flask import Flask, Response, request

app = Flask(__name__)


@app.route("/debug/echo")
def echo():
    payload = request.args.get("payload", "")
    return Response("received: " + payload, mimetype="text/plain")
