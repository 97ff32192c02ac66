from fastapi import FastAPI
from fastapi.responses import RedirectResponse

app = FastAPI()


@app.get("/region")
def region(code: str):
    return RedirectResponse(f"https://{code}.example.com/", status_code=307)
