from pathlib import Path

from django.http import FileResponse, Http404

REPORTS = Path("/var/reports")


def report(request):
    name = request.GET.get("name", "index.pdf")
    path = REPORTS / name
    if not path.exists():
        raise Http404("no such report")
    return FileResponse(path.open("rb"), content_type="application/pdf")
