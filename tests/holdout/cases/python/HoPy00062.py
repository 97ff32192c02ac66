from fastapi import FastAPI

from holdlib import dbx

api = FastAPI()


@api.get("/authors/{author}")
def by_author(author: str):
    conn = dbx.connect()
    return dbx.run_bound(conn, "SELECT id, title FROM posts WHERE author = ?", (author,))
