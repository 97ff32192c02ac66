from flask import Flask, redirect, request, session

app = Flask(__name__)
app.secret_key = "change-me"


@app.post("/tour/skip")
def skip_tour():
    if request.form.get("skip"):
        session["tour_done"] = True
    return redirect("/")
