from fastapi import FastAPI, Query

from holdlib import procs

api = FastAPI()


@api.get("/du")
def disk_usage(path: str = Query(...)):
    listing = procs.sh("du -sh " + procs.quoted(path))
    return {"usage": listing}
