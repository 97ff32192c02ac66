import ldap
from flask import Flask, request

app = Flask(__name__)


@app.get("/directory")
def directory():
    conn = ldap.initialize("ldap://ldap.internal")
    who = request.args.get("uid", "")
    hits = conn.search_s("ou=people,dc=corp", ldap.SCOPE_SUBTREE, "(uid=%s)" % who)
    return {"found": len(hits)}
