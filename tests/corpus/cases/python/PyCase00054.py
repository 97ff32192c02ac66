import sqlite3
import sys

TABLE = "employees"


def lookup(conn, name):
    sql = "SELECT id, email FROM {} WHERE last_name = '{}'".format(TABLE, name)
    return conn.execute(sql).fetchall()


if __name__ == "__main__":
    connection = sqlite3.connect("hr.db")
    for row in lookup(connection, sys.argv[1]):
        print(*row)
