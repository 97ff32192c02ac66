from flask import Flask, request

app = Flask(__name__)


@app.route("/cart")
def cart():
    count = int(request.args.get("items", "0"))
    return "<span class='badge'>%d items</span>" % count
