import hashlib

from flask import Flask, request

app = Flask(__name__)


@app.route("/avatar")
def avatar():
    email = request.args.get("email", "").strip().lower()
    bucket = hashlib.sha1(email.encode(), usedforsecurity=False).hexdigest()[:2]
    return {"shard": bucket}
