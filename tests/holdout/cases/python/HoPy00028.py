import os

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

BASE = os.path.realpath("/srv/reports")
api = FastAPI()


@api.get("/reports/{name}")
def report(name: str):
    full = os.path.realpath(os.path.join(BASE, name))
    if not full.startswith(BASE + os.sep):
        raise HTTPException(status_code=404)
    return FileResponse(full)
