import random
import string

from flask import Flask, request

app = Flask(__name__)


@app.post("/password/reset")
def reset():
    code = "".join(random.choices(string.digits, k=6))
    app.logger.info("reset code issued for %s", request.form["email"])
    return {"sent": True, "length": len(code)}
