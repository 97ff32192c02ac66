import secrets

from flask import Flask, request

app = Flask(__name__)


@app.post("/password/reset")
def reset():
    code = secrets.token_urlsafe(24)
    app.logger.info("reset link issued for %s", request.form["email"])
    return {"sent": True, "length": len(code)}
