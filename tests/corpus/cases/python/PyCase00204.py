from fastapi import FastAPI, Request
from starlette.middleware.sessions import SessionMiddleware

app = FastAPI()
app.add_middleware(SessionMiddleware, secret_key="change-me")


@app.post("/logout-everywhere")
async def logout_everywhere(request: Request):
    payload = await request.json()
    request.session["revoked"] = "all"
    return {"ok": True, "echo": payload.get("reason")}
