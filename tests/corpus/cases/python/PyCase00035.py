from fastapi import FastAPI, HTTPException, Response

from corpuslib.files import UPLOAD_ROOT, contained_path

app = FastAPI()


@app.get("/files")
def get_file(name: str):
    try:
        path = contained_path(UPLOAD_ROOT, name)
    except ValueError:
        raise HTTPException(status_code=400) from None
    with open(path, "rb") as fh:
        return Response(content=fh.read(), media_type="application/octet-stream")
