from django.http import JsonResponse
from django.views import View

from holdlib.settings import harden


class RememberView(View):
    def post(self, request):
        resp = JsonResponse({"ok": True})
        return harden(resp, "remember", "yes")
