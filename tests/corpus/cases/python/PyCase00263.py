from flask import Flask, request

app = Flask(__name__)
ROW = "<tr><td>{name}</td><td>{qty}</td></tr>"


@app.route("/row")
def row():
    return ROW.format(name=request.args.get("name", ""), qty=request.args.get("qty", "0"))
