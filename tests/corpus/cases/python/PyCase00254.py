from flask import Flask, request
from markupsafe import escape

app = Flask(__name__)
ROW = "<tr><td>{name}</td><td>{qty}</td></tr>"


@app.route("/row")
def row():
    return ROW.format(name=escape(request.args.get("name", "")), qty=int(request.args.get("qty", "0")))
