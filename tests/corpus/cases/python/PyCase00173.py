import ldap
from flask import Flask, request

app = Flask(__name__)


@app.route("/employee")
def employee():
    number = int(request.args.get("no", "0"))
    conn = ldap.initialize("ldap://ldap.corp.example")
    res = conn.search_s("ou=people,dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(employeeNumber=%d)" % number)
    return {"found": bool(res)}
