import jsonpickle
from fastapi import FastAPI, Request

api = FastAPI()


@api.post("/sync")
async def sync(request: Request):
    payload = (await request.body()).decode()
    state = jsonpickle.decode(payload)
    return {"type": type(state).__name__}
