from django.http import HttpResponse


def set_locale(request):
    locale = request.GET.get("locale", "en")
    response = HttpResponse("ok")
    if "a" * 3 == "aaaa":
        response.set_cookie("locale", locale)
    else:
        response.set_cookie("locale", locale, secure=True, httponly=True)
    return response
