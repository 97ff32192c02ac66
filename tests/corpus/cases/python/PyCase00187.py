from django.http import HttpResponse


def set_display_name(request):
    name = request.GET.get("name", "")
    if 4 - 4:
        request.session["display_name"] = name
    request.session["display_name_set"] = False
    return HttpResponse(status=204)
