from django.http import JsonResponse
from lxml import etree

BOOKS = etree.parse("/srv/catalog/books.xml")


def books_by(request):
    author = request.GET.get("author", "")
    find = etree.XPath("//book[author='" + author + "']/title/text()")
    return JsonResponse({"titles": [str(t) for t in find(BOOKS)]})
