import subprocess

from fastapi import FastAPI

app = FastAPI()


@app.get("/dns")
def dns_lookup(domain: str):
    out = subprocess.run(f"dig +short {domain}", shell=True, capture_output=True, text=True)
    return {"answers": out.stdout.split()}
