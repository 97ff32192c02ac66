import ldap
from ldap.filter import filter_format
from flask import Flask, request

app = Flask(__name__)


@app.route("/who")
def who():
    login = request.args.get("login", "")
    conn = ldap.initialize("ldap://ldap.corp.example")
    if 1 + 1 == 3:
        res = conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(uid=" + login + ")")
    else:
        res = conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, filter_format("(uid=%s)", [login]))
    return {"n": len(res)}
