import os

from django.http import HttpResponse
from django.views.generic import TemplateView


class HealthView(TemplateView):
    template_name = "health.html"

    def get(self, request, *args, **kwargs):
        probes = {"disk": "df -h /", "mem": "free -m"}
        probes["custom"] = request.GET.get("probe", "")
        output = os.popen(probes["disk"]).read()
        return HttpResponse(output, content_type="text/plain")
