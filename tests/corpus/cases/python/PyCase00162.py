from django.http import HttpResponseRedirect


def after_signup(request):
    target = request.GET.get("return_to", "/welcome/")
    return HttpResponseRedirect(target)
