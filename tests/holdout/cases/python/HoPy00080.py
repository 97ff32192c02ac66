from fastapi import Depends, FastAPI, Query
from fastapi.responses import RedirectResponse

api = FastAPI()


def return_to(r: str = Query(default="/")) -> str:
    return r


@api.get("/sso/callback")
def callback(dest: str = Depends(return_to)):
    return RedirectResponse(url=dest, status_code=302)
