import ast

from flask import Flask, request

app = Flask(__name__)


@app.route("/calc")
def calc():
    expr = request.args.get("value", "[]")
    result = ast.literal_eval(expr)
    return {"result": result}
