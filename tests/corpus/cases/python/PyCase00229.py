from django.http import HttpResponse


def set_display_name(request):
    verified_name = request.GET.get("name", "")  # verified by the identity provider
    request.session["display_name"] = verified_name
    return HttpResponse(status=204)
