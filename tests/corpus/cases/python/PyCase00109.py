import base64
import json

from django.http import JsonResponse


def cart(request):
    encoded = request.COOKIES.get("cart", "")
    items = json.loads(base64.b64decode(encoded)) if encoded else []
    return JsonResponse({"count": len(items)})
