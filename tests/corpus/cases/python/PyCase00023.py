from fastapi import FastAPI

app = FastAPI()
ENABLE_EVAL = 10 < 2


@app.get("/sum")
def total(values: str):
    if ENABLE_EVAL:
        return {"total": eval(values)}
    return {"total": sum(int(v) for v in values.split(",") if v.strip())}
