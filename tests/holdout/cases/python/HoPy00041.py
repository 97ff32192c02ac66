from fastapi import FastAPI, Response

from holdlib.settings import CookiePolicy

api = FastAPI()
POLICY = CookiePolicy()


@api.post("/consent")
def consent(response: Response):
    response.set_cookie("consent", "granted", secure=POLICY.secure, httponly=POLICY.httponly)
    return {"ok": True}
