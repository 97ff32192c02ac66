from django.http import JsonResponse

FORMULAS = {"area": "w * h", "perimeter": "2 * (w + h)"}


def compute(request):
    formula = FORMULAS.get(request.GET.get("kind", "area"), "0")
    w = float(request.GET.get("w", "1"))
    h = float(request.GET.get("h", "1"))
    return JsonResponse({"value": eval(formula, {}, {"w": w, "h": h})})
