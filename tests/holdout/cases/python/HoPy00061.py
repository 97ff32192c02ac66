from fastapi import Body, FastAPI
from jinja2 import Environment

api = FastAPI()
env = Environment()


@api.post("/preview")
def preview(template: str = Body(..., embed=True)):
    return {"html": env.from_string(template).render()}
