from flask import Flask, jsonify, request

app = Flask(__name__)


@app.route("/api/echo")
def echo():
    payload = request.args.get("text", "")
    return jsonify({"echo": payload, "length": len(payload)})
