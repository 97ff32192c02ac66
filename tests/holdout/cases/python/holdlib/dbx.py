"""Database conveniences used by the reporting endpoints."""

import sqlite3


def connect(path="app.db"):
    return sqlite3.connect(path)


def run_sql(conn, statement):
    cur = conn.cursor()
    cur.execute(statement)
    return cur.fetchall()


def run_bound(conn, statement, values):
    cur = conn.cursor()
    cur.execute(statement, values)
    return cur.fetchall()
