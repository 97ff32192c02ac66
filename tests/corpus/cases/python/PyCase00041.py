import sqlite3
import sys


def build_clauses(args):
    clauses = ["deleted = 0"]
    for arg in args:
        clauses.append("tag = '%s'" % arg)
    return clauses


def main():
    clauses = build_clauses(sys.argv[1:])
    conn = sqlite3.connect("notes.db")
    where = " OR ".join(clauses)
    for row in conn.execute("SELECT title FROM notes WHERE " + where):
        print(row[0])


main()
