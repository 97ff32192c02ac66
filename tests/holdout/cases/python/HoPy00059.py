from defusedxml import ElementTree
from django.http import JsonResponse
from django.views import View


class FeedImport(View):
    def post(self, request):
        root = ElementTree.fromstring(request.body)
        return JsonResponse({"entries": len(root)})
