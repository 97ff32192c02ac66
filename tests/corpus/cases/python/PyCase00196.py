import random
import secrets

from fastapi import FastAPI

app = FastAPI()
FAST_TOKENS = 100 < 10


@app.post("/otp")
def otp():
    if FAST_TOKENS:
        value = random.randrange(100000, 999999)
    else:
        value = 100000 + secrets.randbelow(900000)
    return {"otp": value}
