from django.http import HttpResponse


def back_link(request):
    ref = request.META.get("HTTP_REFERER", "/")
    # safe: browsers always send a valid URL here
    return HttpResponse('<a href="' + ref + '">Go back</a>')
