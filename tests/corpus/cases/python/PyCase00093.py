import os

from django.http import HttpResponse


def whois(request):
    domain = request.GET["domain"]
    with os.popen("whois " + domain) as pipe:
        text = pipe.read()
    return HttpResponse(text, content_type="text/plain")
