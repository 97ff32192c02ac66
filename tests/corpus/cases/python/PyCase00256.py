from django.http import HttpResponse
from jinja2 import Environment

env = Environment(autoescape=True)
SNIPPET = "Hi {{ user }}, your note: {{ note }}"


def render_snippet(request):
    tpl = env.from_string(SNIPPET)
    return HttpResponse(tpl.render(user=request.user.username, note=request.POST.get("note", "")))
