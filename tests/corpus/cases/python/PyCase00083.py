from django.shortcuts import render
from django.utils.safestring import mark_safe


def comment_preview(request):
    text = request.POST.get("comment", "")
    return render(request, "preview.html", {"comment": mark_safe(text)})
