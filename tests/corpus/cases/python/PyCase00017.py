import subprocess

from django.http import JsonResponse

UPTIME_CMD = "uptime -p"


def health(request):
    verbose = request.GET.get("verbose") == "1"
    output = subprocess.check_output(UPTIME_CMD, shell=True, text=True)
    body = {"uptime": output.strip()}
    if verbose:
        body["requested_by"] = request.META.get("REMOTE_ADDR")
    return JsonResponse(body)
