import ldap
from fastapi import FastAPI

app = FastAPI()


def find_mail(conn, mail):
    return conn.search_s("dc=corp,dc=example", ldap.SCOPE_SUBTREE, "(mail={})".format(mail))


@app.get("/lookup")
def lookup(mail: str):
    conn = ldap.initialize("ldap://ldap.corp.example")
    entries = find_mail(conn, mail)
    return {"count": len(entries)}
