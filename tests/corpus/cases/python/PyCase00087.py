from flask import Flask, request

app = Flask(__name__)


@app.route("/theme")
def theme():
    theme_name = request.cookies.get("theme", "light")
    return "<link rel='stylesheet' href='/css/" + theme_name + ".css'>"
