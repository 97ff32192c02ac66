from django.http import HttpResponse
from django.utils.html import format_html


def profile_card(request):
    nick = request.GET.get("nick", "")
    return HttpResponse(format_html("<div class='card'>{}</div>", nick))
