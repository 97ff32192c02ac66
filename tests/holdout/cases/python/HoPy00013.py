from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = "change-me"


@app.post("/profile")
def profile():
    session["role"] = request.form.get("role", "reader")
    return {"ok": True}
