from flask import Flask, request

app = Flask(__name__)
ENABLE_EXPRESSIONS = False


class Calculator:
    def compute(self, expr: str) -> float:
        if ENABLE_EXPRESSIONS:
            return eval(expr)
        return float(expr)


@app.route("/calc")
def calc():
    return str(Calculator().compute(request.args["expr"]))
