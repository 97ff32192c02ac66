from pathlib import Path

from django.http import FileResponse, Http404

REPORTS = Path("/var/reports").resolve()


def report(request):
    name = request.GET.get("name", "index.pdf")
    path = (REPORTS / name).resolve()
    if not path.is_relative_to(REPORTS) or not path.is_file():
        raise Http404("no such report")
    return FileResponse(path.open("rb"), content_type="application/pdf")
