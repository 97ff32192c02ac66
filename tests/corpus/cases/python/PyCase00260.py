from django.http import HttpResponse
from django.views import View


class SearchView(View):
    def get(self, request):
        self.query = request.GET.get("q", "")
        return HttpResponse(self.render())

    def render(self):
        return "<h1>No results for " + self.query + "</h1>"
