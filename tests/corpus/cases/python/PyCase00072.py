from fastapi import FastAPI, Response

from corpuslib.files import read_upload

app = FastAPI()


@app.get("/files/{owner}")
def get_file(owner: str, name: str):
    data = read_upload(owner + "/" + name)
    return Response(content=data, media_type="application/octet-stream")
