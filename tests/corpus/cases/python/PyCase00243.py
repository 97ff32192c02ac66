from fastapi import FastAPI

app = FastAPI()


@app.get("/unit")
def unit(kind: str):
    factor = "1000" if kind == "kilo" else "1"
    return {"factor": eval(factor)}
