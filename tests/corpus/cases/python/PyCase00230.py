import secrets

from flask import Flask, session

app = Flask(__name__)
app.secret_key = "dev"


def make_rng():
    return secrets.SystemRandom()


@app.route("/form")
def form():
    rng = make_rng()
    csrf = "%040x" % rng.getrandbits(160)
    session["csrf"] = csrf
    return {"csrf": csrf}
