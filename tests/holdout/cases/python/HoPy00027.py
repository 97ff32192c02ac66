import html

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

api = FastAPI()


@api.get("/note", response_class=HTMLResponse)
def note(text: str, plain: bool = True):
    if plain:
        text = html.escape(text)
    return HTMLResponse(f"<article>{text}</article>")
