import re

import ldap
from django.http import HttpResponseBadRequest, JsonResponse


def badge(request):
    if not (m := re.fullmatch(r"\d{4,8}", request.GET.get("badge", ""))):
        return HttpResponseBadRequest("badge numbers are digits")
    conn = ldap.initialize("ldap://ldap.corp.example")
    hits = conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(badgeNumber=" + m.group(0) + ")")
    return JsonResponse({"found": len(hits)})
