from corpuslib.db import run_query
from corpuslib.settings import default_sort_column


def latest_orders(limit_rows=50):
    column = default_sort_column()
    sql = f"SELECT id, total FROM orders ORDER BY {column} DESC LIMIT 50"
    return run_query(sql)


if __name__ == "__main__":
    for row in latest_orders():
        print(row)
