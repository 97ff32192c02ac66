from django.http import JsonResponse
from lxml import etree

FLIGHTS = etree.parse("/srv/data/flights.xml")
QUERY = "//flight[origin='{origin}' and dest='{dest}']/@number"


def flights(request):
    params = {"origin": request.GET.get("from", "FRA"), "dest": request.GET.get("to", "JFK")}
    numbers = FLIGHTS.xpath(QUERY.format_map(params))
    return JsonResponse({"flights": [str(n) for n in numbers]})
