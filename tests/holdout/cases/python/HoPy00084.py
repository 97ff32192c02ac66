from fastapi import FastAPI
from lxml import etree

api = FastAPI()
USERS = etree.parse("users.xml")
FIND_HINT = etree.XPath("//user[@name=$who]/@hint")


@api.get("/login-hint")
def login_hint(user: str):
    found = FIND_HINT(USERS, who=user)
    return {"hint": [str(h) for h in found]}
