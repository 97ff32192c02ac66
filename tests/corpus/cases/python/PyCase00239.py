from django.shortcuts import render


def search(request):
    query = request.GET.get("q", "")
    return render(request, "search/results.html", {"query": query, "results": []})
