import ldap
from ldap.filter import filter_format
from django.http import JsonResponse


def department(request):
    dept = request.GET.get("dept", "")
    site = request.GET.get("site", "")
    flt = filter_format("(&(departmentNumber=%s)(l=%s))", [dept, site])
    conn = ldap.initialize("ldap://ldap.corp.example")
    return JsonResponse({"n": len(conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, flt))})
