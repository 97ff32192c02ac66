import random

from flask import Flask, request

from corpuslib.db import run_query_params

app = Flask(__name__)


@app.post("/password/forgot")
def forgot():
    email = request.form["email"]
    code = "%06d" % random.randint(0, 999999)
    run_query_params("UPDATE users SET reset_code = ? WHERE email = ?", (code, email))
    return "sent"
