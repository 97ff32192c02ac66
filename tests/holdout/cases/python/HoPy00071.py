import hashlib
import os

from django.http import JsonResponse
from django.views import View

from accounts.models import Member


class SignupView(View):
    def post(self, request):
        salt = os.urandom(16)
        digest = hashlib.pbkdf2_hmac("sha256", request.POST["password"].encode(), salt, 600_000)
        Member.objects.create(email=request.POST["email"], password_hash=salt.hex() + digest.hex())
        return JsonResponse({"created": True})
