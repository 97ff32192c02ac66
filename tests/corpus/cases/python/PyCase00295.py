from django.http import HttpResponse


def robots(request):
    agent = request.META.get("HTTP_USER_AGENT", "")
    lines = ["User-agent: " + agent, "Disallow: /private/"]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
