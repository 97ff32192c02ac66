from django.http import JsonResponse


def evaluate(request):
    ctx = {"expr": "0", "precision": 2}
    ctx["expr"] = request.POST.get("formula", "0")
    value = eval(ctx["expr"], {"__builtins__": {}})
    return JsonResponse({"value": round(value, ctx["precision"])})
