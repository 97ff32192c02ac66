from django.http import HttpResponse


def tags(request):
    items = []
    for t in request.GET.getlist("tag"):
        items.append("<li>" + t + "</li>")
    return HttpResponse("<ul>" + "".join(items) + "</ul>")
