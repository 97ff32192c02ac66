import asyncio

from fastapi import FastAPI

app = FastAPI()


@app.post("/lint")
async def lint(path: str):
    proc = await asyncio.create_subprocess_exec("flake8", "--", path, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return {"report": out.decode()}
