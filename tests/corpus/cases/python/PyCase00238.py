from fastapi import FastAPI
from fastapi.responses import FileResponse

app = FastAPI()
STATIC = "/srv/static"


@app.get("/assets/{name:path}")
def asset(name: str):
    return FileResponse(f"{STATIC}/{name}")
