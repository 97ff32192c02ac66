from django.shortcuts import redirect


def switch_language(request):
    request.session["lang"] = "de" if request.POST.get("lang") == "de" else "en"
    back = request.META.get("HTTP_REFERER") or "/"
    return redirect(back)
