import ldap
from flask import Flask, request

app = Flask(__name__)


class Directory:
    base = "ou=people,dc=corp,dc=example"

    def __init__(self, url):
        self.conn = ldap.initialize(url)

    def by_manager(self, manager):
        flt = "(&(objectClass=person)(manager=uid=%(m)s,%(b)s))" % {"m": manager, "b": self.base}
        return self.conn.search_s(self.base, ldap.SCOPE_SUBTREE, flt, ["uid"])


@app.route("/reports-to")
def reports_to():
    directory = Directory("ldap://ldap.corp.example")
    return {"uids": [dn for dn, _ in directory.by_manager(request.args["manager"])]}
