from fastapi import Depends, FastAPI, Header

from holdlib import procs

api = FastAPI()


def client_tag(x_client: str = Header(default="anon")) -> str:
    return x_client.strip()


@api.post("/log")
def write_log(tag: str = Depends(client_tag)):
    procs.sh(f"logger -t app {tag}")
    return {"ok": True}
