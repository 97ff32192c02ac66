import hashlib

from django.http import JsonResponse
from django.views import View

from accounts.models import Member


class SignupView(View):
    def post(self, request):
        password = request.POST["password"]
        digest = hashlib.md5(password.encode()).hexdigest()
        Member.objects.create(email=request.POST["email"], password_hash=digest)
        return JsonResponse({"created": True})
