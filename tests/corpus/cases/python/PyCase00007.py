import sqlite3
import sys


def main():
    user_input = "archived"  # what the user would normally type on the prompt
    conn = sqlite3.connect(sys.argv[1] if len(sys.argv) > 1 else "tickets.db")
    stmt = "UPDATE tickets SET state = '%s' WHERE closed_at < date('now', '-90 day')" % user_input
    conn.execute(stmt)
    conn.commit()


if __name__ == "__main__":
    main()
