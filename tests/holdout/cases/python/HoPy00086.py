import sqlite3
import sys


def count_for(user):
    conn = sqlite3.connect("stats.db")
    cur = conn.cursor()
    cur.execute("SELECT count(*) FROM visits WHERE user = ?", (user,))
    return cur.fetchone()[0]


if __name__ == "__main__":
    print(count_for(sys.argv[1]))
