from django.http import JsonResponse
from lxml import etree

FLIGHTS = etree.parse("/srv/data/flights.xml")
QUERY = "//flight[origin=$origin and dest=$dest]/@number"


def flights(request):
    origin = request.GET.get("from", "FRA")
    dest = request.GET.get("to", "JFK")
    numbers = FLIGHTS.xpath(QUERY, origin=origin, dest=dest)
    return JsonResponse({"flights": [str(n) for n in numbers]})
