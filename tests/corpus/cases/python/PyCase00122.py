from django.http import HttpResponse
from lxml import etree


def render_svg(request):
    # parser hardened against entities
    parser = etree.XMLParser(resolve_entities=True)
    svg = etree.fromstring(request.POST["svg"].encode(), parser)
    return HttpResponse(etree.tostring(svg), content_type="image/svg+xml")
