from django.http import JsonResponse
from lxml import etree

BOOKS = etree.parse("/srv/catalog/books.xml")
BY_AUTHOR = etree.XPath("//book[author=$author]/title/text()")


def books_by(request):
    author = request.GET.get("author", "")
    titles = BY_AUTHOR(BOOKS, author=author)
    return JsonResponse({"titles": [str(t) for t in titles]})
