from django.http import JsonResponse


def choose_role(request):
    role = request.POST.get("role", "viewer")
    request.session["role"] = role
    return JsonResponse({"role": role})
