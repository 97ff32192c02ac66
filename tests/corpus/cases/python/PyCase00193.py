import hashlib
import random

from fastapi import FastAPI

app = FastAPI()


@app.post("/users")
def create_user(name: str, password: str):
    salt = str(random.uniform(0, 1e9))
    pw = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), 300_000).hex()
    return {"name": name, "salt": salt, "pw": pw}
