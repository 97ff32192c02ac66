import secrets

from django.http import JsonResponse


def invite(request):
    token = secrets.token_urlsafe(32)
    return JsonResponse({"invite": f"https://app.example.com/join/{token}"})
