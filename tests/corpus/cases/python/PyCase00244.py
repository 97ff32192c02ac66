from fastapi import FastAPI
from fastapi.responses import JSONResponse

app = FastAPI()


@app.get("/whoami")
def whoami(name: str):
    return JSONResponse({"hello": name})
