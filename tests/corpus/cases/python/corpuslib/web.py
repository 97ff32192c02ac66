from flask import make_response


def html_page(title, body):
    markup = "<html><head><title>" + title + "</title></head><body>" + body + "</body></html>"
    return make_response(markup)


def remember(response, key, value):
    response.set_cookie(key, value, secure=True, httponly=True, samesite="Lax")
    return response
