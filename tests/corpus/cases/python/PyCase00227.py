from fastapi import FastAPI, Response

app = FastAPI()


@app.post("/session")
def create_session(response: Response, user: str):
    response.set_cookie(key="sid", value=user.encode().hex(), httponly=True)
    return {"ok": True}
