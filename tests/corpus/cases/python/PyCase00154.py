from django.http import JsonResponse
from ldap3 import ALL, Connection, Server


def group_members(request):
    group = request.GET.get("group", "staff")
    server = Server("ldaps://dc1.corp.example", get_info=ALL)
    conn = Connection(server, "cn=svc,dc=corp,dc=example", "svc-pass", auto_bind=True)
    conn.search("dc=corp,dc=example", f"(&(objectClass=group)(cn={group}))", attributes=["member"])
    return JsonResponse({"members": [str(e.member) for e in conn.entries]})
