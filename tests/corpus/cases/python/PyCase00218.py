from django.http import HttpResponseBadRequest, JsonResponse

ROLES = ("viewer", "editor")


def choose_role(request):
    role = request.POST.get("role", "viewer")
    if role not in ROLES:
        return HttpResponseBadRequest("unknown role")
    request.session["role"] = role
    return JsonResponse({"role": role})
