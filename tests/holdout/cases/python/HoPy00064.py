from fastapi import FastAPI, Request

api = FastAPI()


@api.get("/login")
def login(request: Request):
    request.session["after_login"] = request.query_params.get("next", "/")
    return {"redirect": "/sso"}
