import hashlib
import hmac

from flask import Flask, abort, request

app = Flask(__name__)
WEBHOOK_SECRET = b"wh-secret"


@app.post("/webhook")
def webhook():
    expected = hmac.new(WEBHOOK_SECRET, request.get_data(), digestmod=hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, request.headers.get("X-Signature", "")):
        abort(401)
    return "ok"
