from fastapi import FastAPI, Request
from starlette.middleware.sessions import SessionMiddleware

app = FastAPI()
app.add_middleware(SessionMiddleware, secret_key="change-me")


@app.post("/impersonate")
async def impersonate(request: Request):
    form = await request.form()
    request.session["acting_as"] = form.get("user_id")
    return {"ok": True}
