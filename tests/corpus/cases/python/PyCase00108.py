from flask import Flask, redirect

app = Flask(__name__)


@app.route("/old-pricing")
def old_pricing():
    next_url = "https://www.example.com/pricing"
    return redirect(next_url, code=301)
