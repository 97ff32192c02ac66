from django.http import JsonResponse
from django.views import View


class ClaimCart(View):
    def post(self, request):
        owner = request.POST.get("owner", "")
        request.session["cart_owner"] = owner
        return JsonResponse({"owner": owner})
