import hashlib

from fastapi import FastAPI

app = FastAPI()


@app.get("/digest")
def digest(data: str, algorithm: str = "sha256"):
    return {"digest": hashlib.new(algorithm, data.encode()).hexdigest()}
