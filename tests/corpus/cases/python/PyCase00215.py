import random

from django.http import JsonResponse


def invite(request):
    token = "%032x" % random.getrandbits(128)
    return JsonResponse({"invite": f"https://app.example.com/join/{token}"})
