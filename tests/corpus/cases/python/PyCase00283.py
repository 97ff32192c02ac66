from flask import Flask, g

app = Flask(__name__)


@app.after_request
def attach_theme(response):
    theme = getattr(g, "theme", None)
    if theme:
        response.set_cookie("theme", theme, secure=True, httponly=True, samesite="Lax")
    return response
