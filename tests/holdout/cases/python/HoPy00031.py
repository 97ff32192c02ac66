import ldap
from ldap.filter import filter_format
from django.http import JsonResponse


def group_members(request):
    conn = ldap.initialize("ldap://ldap.internal")
    flt = filter_format("(&(objectClass=group)(cn=%s))", [request.GET.get("group", "")])
    hits = conn.search_s("ou=groups,dc=corp", ldap.SCOPE_SUBTREE, flt)
    return JsonResponse({"groups": len(hits)})
