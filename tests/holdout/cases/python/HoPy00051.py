from flask import Flask, abort, request, session

app = Flask(__name__)
app.secret_key = "change-me"
PLANS = ("free", "team", "enterprise")


@app.post("/plan")
def plan():
    chosen = request.form.get("plan", "free")
    if chosen not in PLANS:
        abort(400)
    session["plan"] = chosen
    return {"plan": chosen}
