from django.http import JsonResponse
from lxml import etree

CATALOG = etree.parse("/srv/catalog/products.xml")


def select(expression):
    return CATALOG.xpath(expression)


def product(request):
    code = request.GET.get("code", "")
    nodes = select("//product[@code='" + code + "']/name/text()")
    return JsonResponse({"names": [str(n) for n in nodes]})
