import pickle

from fastapi import FastAPI, File, UploadFile

app = FastAPI()


@app.post("/models")
async def upload_model(model: UploadFile = File(...)):
    raw = await model.read()
    estimator = pickle.loads(raw)
    return {"type": type(estimator).__name__}
