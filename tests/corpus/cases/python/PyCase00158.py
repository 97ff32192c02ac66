import ldap
from ldap.filter import escape_filter_chars
from flask import Flask, request

app = Flask(__name__)


@app.route("/directory")
def directory():
    uid = escape_filter_chars(request.args.get("uid", ""))
    conn = ldap.initialize("ldap://ldap.corp.example:389")
    conn.simple_bind_s("cn=reader,dc=corp,dc=example", "reader-pass")
    results = conn.search_s("ou=people,dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(uid=%s)" % uid, ["cn", "mail"])
    return {"matches": [dn for dn, _ in results]}
