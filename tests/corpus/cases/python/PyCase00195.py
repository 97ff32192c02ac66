import hashlib
import secrets

from django.http import JsonResponse


def new_session(request):
    raw = secrets.token_bytes(32)
    sid = hashlib.blake2b(raw, digest_size=32).hexdigest()
    request.session["sid_hash"] = sid
    return JsonResponse({"sid": raw.hex()})
