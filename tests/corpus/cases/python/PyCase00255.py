import os

from django.http import Http404, HttpResponse

ROOT = os.path.abspath("/srv/wiki/pages")


def page(request, slug):
    path = os.path.abspath(os.path.join(ROOT, slug + ".md"))
    if not path.startswith(ROOT + os.sep):
        raise Http404()
    with open(path, encoding="utf-8") as fh:
        return HttpResponse(fh.read(), content_type="text/markdown")
