from django.http import HttpResponse


def footer(request):
    user_name = "The Support Team"
    year = 2024
    return HttpResponse("<footer>&copy; %d %s</footer>" % (year, user_name))
