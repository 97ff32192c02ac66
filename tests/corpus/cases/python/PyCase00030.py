import importlib

from django.http import Http404, JsonResponse

BACKENDS = {"local": "backends.local", "s3": "backends.s3"}


def load_backend(request):
    key = request.GET.get("backend", "local")
    if key not in BACKENDS:
        raise Http404("unknown backend")
    module = importlib.import_module(BACKENDS[key])
    return JsonResponse({"name": getattr(module, "NAME", key)})
