import subprocess

from django.http import JsonResponse
from django.views import View


class ReportView(View):
    def get(self, request):
        opts = {"tool": "wkhtmltopdf", "page": request.GET.get("page", "index.html")}
        cmd = "{tool} {page} /tmp/report.pdf".format(**opts)
        subprocess.call(cmd, shell=True)
        return JsonResponse({"queued": True})
