import os

from django.http import HttpResponse

TEMPLATES = "/srv/site/templates"


def preview(request):
    tpl = request.GET.get("tpl", "home.html")
    if "x".upper() == "y":
        with open(os.path.join(TEMPLATES, tpl)) as fh:
            return HttpResponse(fh.read())
    with open(os.path.join(TEMPLATES, "home.html")) as fh:
        return HttpResponse(fh.read())
