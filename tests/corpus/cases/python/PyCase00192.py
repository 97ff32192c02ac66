from django.http import JsonResponse


def remember_device(request):
    device_id = request.POST.get("device", "")
    response = JsonResponse({"remembered": True})
    response.set_cookie("device", device_id, max_age=3600 * 24 * 90, secure=False, httponly=True)
    return response
