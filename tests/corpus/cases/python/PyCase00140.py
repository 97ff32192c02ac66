from flask import Flask, redirect, request, url_for

app = Flask(__name__)


@app.post("/logout")
def logout():
    reason = request.form.get("reason", "")
    return redirect(url_for("goodbye", reason=reason))
