from flask import Flask, request

app = Flask(__name__)
THEMES = ("light", "dark", "contrast")


@app.route("/theme")
def theme():
    theme_name = request.cookies.get("theme", "light")
    if theme_name not in THEMES:
        theme_name = "light"
    return "<link rel='stylesheet' href='/css/" + theme_name + ".css'>"
