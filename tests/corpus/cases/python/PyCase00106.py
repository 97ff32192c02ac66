import defusedxml.ElementTree as DET
from django.http import JsonResponse


def upload_sitemap(request):
    tree = DET.fromstring(request.body)
    urls = [loc.text for loc in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    return JsonResponse({"urls": urls})
