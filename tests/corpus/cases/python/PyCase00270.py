import secrets

from fastapi import FastAPI

app = FastAPI()


@app.post("/lottery/draw")
def draw():
    tickets = list(range(1, 50))
    secrets.SystemRandom().shuffle(tickets)
    return {"winning_numbers": sorted(tickets[:6])}
