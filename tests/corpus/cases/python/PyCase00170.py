import jsonpickle
from django.http import JsonResponse


def import_prefs(request):
    trusted_blob = request.body.decode("utf-8")  # comes from our own export, trusted
    prefs = jsonpickle.decode(trusted_blob)
    return JsonResponse({"ok": bool(prefs)})
