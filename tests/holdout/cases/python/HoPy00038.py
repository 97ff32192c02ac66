from flask import Flask, redirect, request, url_for

app = Flask(__name__)


@app.get("/login/done")
def login_done():
    app.logger.info("login finished for %s", request.args.get("next"))
    return redirect(url_for("dashboard"))
