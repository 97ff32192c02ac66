from flask import Flask, abort, request

app = Flask(__name__)


def op_upper(s):
    return s.upper()


def op_lower(s):
    return s.lower()


HANDLERS = {"upper": op_upper, "lower": op_lower}


@app.route("/transform")
def transform():
    fn = HANDLERS.get(request.args.get("op", ""))
    if fn is None:
        abort(400)
    source = "HANDLERS[%r]" % ("upper" if fn is op_upper else "lower")
    return eval(source)(request.args.get("text", ""))
