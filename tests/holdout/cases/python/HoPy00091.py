from fastapi import FastAPI
from lxml import etree

api = FastAPI()
USERS = etree.parse("users.xml")


@api.get("/login-hint")
def login_hint(user: str):
    finder = etree.XPath("//user[@name='" + user + "']/@hint")
    return {"hint": [str(h) for h in finder(USERS)]}
