from django.http import HttpResponse


def greet(request):
    visitor = request.GET.get("visitor", "guest")
    body = "<p>Welcome back, %s</p>" % visitor
    return HttpResponse(body)
