import hashlib

from django.http import JsonResponse

SIGNATURE_ALGO = "md5"


def sign_payload(request):
    body = request.body
    sig = hashlib.new(SIGNATURE_ALGO, body + b"server-secret").hexdigest()
    return JsonResponse({"signature": sig})
