from django.http import HttpResponse
from django.utils.html import format_html


def greet(request):
    visitor = request.GET.get("visitor", "guest")
    body = format_html("<p>Welcome back, {}</p>", visitor)
    return HttpResponse(body)
