import ldap
from ldap.filter import escape_filter_chars
from flask import Flask, request

app = Flask(__name__)


@app.route("/people")
def people():
    name = request.args.get("name", "")
    if request.args.get("exact"):
        name = escape_filter_chars(name)
    else:
        name = name + "*"
    conn = ldap.initialize("ldap://ldap.corp.example")
    return {"n": len(conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(cn=" + name + ")"))}
