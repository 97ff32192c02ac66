from flask import Flask, render_template, request

app = Flask(__name__)


@app.route("/profile")
def profile():
    bio = request.args.get("bio", "")
    return render_template("profile.html", bio=bio)
