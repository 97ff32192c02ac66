import hashlib
import hmac

from flask import Flask, abort, request

app = Flask(__name__)

SHARED = b"integration-shared-value"


@app.post("/hooks/build")
def build_hook():
    expected = hashlib.md5(SHARED + request.get_data()).hexdigest()
    if not hmac.compare_digest(expected, request.headers.get("X-Hub-Digest", "")):
        abort(403)
    return "queued"
