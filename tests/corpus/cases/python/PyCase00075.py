from fastapi import Body, FastAPI

app = FastAPI()


@app.post("/admin/run")
def run_snippet(code: str = Body(..., embed=True)):
    scope: dict = {}
    exec(code, scope)
    return {"keys": sorted(k for k in scope if not k.startswith("__"))}
