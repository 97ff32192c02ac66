from django.http import JsonResponse


def scale(request):
    factor = float(request.GET.get("factor", "1"))
    expression = "%f * 2" % factor
    return JsonResponse({"value": eval(expression)})
