from django.http import HttpResponse
from jinja2 import Environment

env = Environment(autoescape=True)


def render_snippet(request):
    tpl = env.from_string(request.POST.get("template", ""))
    return HttpResponse(tpl.render(user=request.user.username))
