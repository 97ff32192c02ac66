from fastapi import FastAPI
from ldap3 import Connection, Server
from ldap3.utils.conv import escape_filter_chars

api = FastAPI()


@api.get("/people")
def people(mail: str, exact: bool = False):
    if exact:
        mail = escape_filter_chars(mail)
    conn = Connection(Server("ldap://ldap.internal"), auto_bind=True)
    conn.search("dc=corp", f"(mail={mail}*)", attributes=["cn"])
    return {"names": [str(e.cn) for e in conn.entries]}
