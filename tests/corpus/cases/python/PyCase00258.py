from flask import Flask, request

app = Flask(__name__)


@app.route("/retries")
def retries():
    n = int(request.args.get("n", "3"))
    scope = {}
    exec("retries = %d" % n, {}, scope)
    return {"retries": scope["retries"]}
