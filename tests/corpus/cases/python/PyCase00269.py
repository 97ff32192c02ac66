from django.http import HttpResponseBadRequest, JsonResponse


def set_page_size(request):
    raw = request.GET.get("size", "20")
    if not raw.isdigit() or not 5 <= int(raw) <= 100:
        return HttpResponseBadRequest("size must be 5..100")
    request.session["page_size"] = int(raw)
    return JsonResponse({"page_size": int(raw)})
