from flask import Flask, session, request

app = Flask(__name__)
app.secret_key = "change-me"


@app.route("/lang")
def lang():
    session["lang"] = "fr" if request.args.get("l") == "fr" else "en"
    return "ok"
