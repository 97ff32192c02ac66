from fastapi import FastAPI, HTTPException
from fastapi.responses import RedirectResponse

app = FastAPI()
PARTNERS = {
    "docs": "https://docs.example.org/",
    "status": "https://status.example.org/",
}


@app.get("/out")
def outbound(site: str):
    url = PARTNERS.get(site)
    if url is None:
        raise HTTPException(status_code=404)
    return RedirectResponse(url=url, status_code=302)
