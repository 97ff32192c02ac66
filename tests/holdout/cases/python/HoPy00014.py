import secrets

from django.http import JsonResponse


def start_session(request):
    token = secrets.token_urlsafe(32)
    resp = JsonResponse({"started": True})
    resp.set_cookie("sid", token, httponly=True, samesite="Lax")
    return resp
