import io

import torch
from fastapi import FastAPI, UploadFile

app = FastAPI()


@app.post("/checkpoints/inspect")
async def inspect(upload: UploadFile):
    raw = await upload.read()
    state = torch.load(io.BytesIO(raw), map_location="cpu", weights_only=True)
    return {"tensors": sorted(state)}
