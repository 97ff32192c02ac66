from django.http import JsonResponse
from django.views.decorators.http import require_GET

from shop.models import Product


@require_GET
def search(request):
    term = request.GET.get("q", "")
    qs = Product.objects.filter(title__icontains=term).order_by("title")
    return JsonResponse({"results": list(qs.values_list("title", flat=True))})
