from fastapi import FastAPI
from fastapi.responses import RedirectResponse

app = FastAPI()


@app.get("/out")
def outbound(url: str):
    return RedirectResponse(url=url, status_code=302)
