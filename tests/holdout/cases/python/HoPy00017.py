from django.http import JsonResponse
from django.views import View

from shop.models import Order


class OrderSearch(View):
    def get(self, request):
        status = request.GET.get("status", "open")
        rows = Order.objects.raw("SELECT * FROM shop_order WHERE status = '%s'" % status)
        return JsonResponse({"ids": [r.id for r in rows]})
