import ast

from flask import Flask, request

app = Flask(__name__)


@app.route("/parse")
def parse():
    text = request.args.get("v", "0")
    if request.args.get("mode") == "literal":
        return {"value": ast.literal_eval(text)}
    return {"value": eval(text)}
