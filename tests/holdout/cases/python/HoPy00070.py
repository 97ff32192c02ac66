import random

from fastapi import FastAPI

api = FastAPI()
RNG = random.SystemRandom()


@api.post("/otp")
def otp():
    value = RNG.randint(100000, 999999)
    return {"issued": value > 0}
