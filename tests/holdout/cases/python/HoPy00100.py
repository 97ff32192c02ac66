from django.http import Http404, JsonResponse
from lxml import etree

FIELDS = {"title", "author", "year"}


def book_field(request):
    field = request.GET.get("field", "title")
    if field not in FIELDS:
        raise Http404("unknown field")
    doc = etree.parse("library.xml")
    values = doc.xpath(f"//book/{field}/text()")
    return JsonResponse({"values": [str(v) for v in values]})
