from fastapi import FastAPI
from fastapi.responses import HTMLResponse

app = FastAPI()


@app.get("/search", response_class=HTMLResponse)
def search(q: str = ""):
    html_body = "<h2>Results for " + q + "</h2><ul></ul>"
    return HTMLResponse(content=html_body)
