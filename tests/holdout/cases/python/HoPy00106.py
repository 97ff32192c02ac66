from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = "change-me"


@app.get("/lang")
def lang():
    session["lang"] = "de" if request.args.get("lang") == "de" else "en"
    return {"lang": session["lang"]}
