import os

from django.http import FileResponse

ROOT = "/srv/exports"


def export(request):
    name = request.GET["file"]
    if request.GET.get("strict"):
        name = os.path.basename(name)
    return FileResponse(open(os.path.join(ROOT, name), "rb"))
