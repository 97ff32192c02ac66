import hashlib
import os

from flask import Flask, request

from corpuslib.db import run_query_params

app = Flask(__name__)


@app.post("/register")
def register():
    user = request.form["user"]
    salt = os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", request.form["password"].encode(), salt, 600_000)
    run_query_params("INSERT INTO users(name, pw, salt) VALUES (?, ?, ?)", (user, digest.hex(), salt.hex()))
    return "created", 201
