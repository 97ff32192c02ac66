import hashlib

from flask import Flask, request

from corpuslib.db import run_query_params

app = Flask(__name__)


@app.post("/register")
def register():
    user = request.form["user"]
    digest = hashlib.md5(request.form["password"].encode()).hexdigest()
    run_query_params("INSERT INTO users(name, pw) VALUES (?, ?)", (user, digest))
    return "created", 201
