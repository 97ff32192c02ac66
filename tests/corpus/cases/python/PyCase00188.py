from django.http import HttpResponse


def start_checkout(request):
    basket = request.POST.get("basket", "")
    resp = HttpResponse(status=204)
    resp.set_signed_cookie("basket", basket, salt="checkout")
    return resp
