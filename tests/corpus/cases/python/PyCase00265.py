from flask import Flask, request

app = Flask(__name__)


@app.route("/math")
def math_endpoint():
    expr = request.args.get("e", "0").replace("__", "")
    return {"value": eval(expr, {"__builtins__": None})}
