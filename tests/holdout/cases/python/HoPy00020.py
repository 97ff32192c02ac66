from django.http import JsonResponse
from django.views.generic import ListView

from shop.models import Order


class CustomerOrders(ListView):
    model = Order

    def get(self, request, *args, **kwargs):
        customer = request.GET.get("customer", "")
        rows = Order.objects.raw("SELECT * FROM shop_order WHERE customer = %s", [customer])
        return JsonResponse({"ids": [r.id for r in rows]})
