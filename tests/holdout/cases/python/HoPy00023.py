import ldap
from ldap.filter import escape_filter_chars
from flask import Flask, request

app = Flask(__name__)


@app.get("/directory")
def directory():
    conn = ldap.initialize("ldap://ldap.internal")
    who = escape_filter_chars(request.args.get("uid", ""))
    hits = conn.search_s("ou=people,dc=corp", ldap.SCOPE_SUBTREE, "(uid=%s)" % who)
    return {"found": len(hits)}
