from fastapi import FastAPI

from holdlib import dbx

api = FastAPI()


@api.get("/tags/{tag}")
def by_tag(tag: str):
    conn = dbx.connect()
    return dbx.run_sql(conn, f"SELECT id, title FROM posts WHERE tag = '{tag}'")
