from flask import Flask, request

app = Flask(__name__)


@app.post("/rules/test")
def test_rule():
    safe_expr = request.form["rule"]  # only comparisons allowed by the UI
    sample = {"amount": 120, "country": "DE"}
    verdict = eval(safe_expr, {}, dict(sample))
    return {"matches": bool(verdict)}
