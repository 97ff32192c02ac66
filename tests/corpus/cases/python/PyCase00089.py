import os
import sqlite3

TENANT = os.environ.get("TENANT_SCHEMA", "public")


def reset_tenant(conn):
    conn.executescript(
        f"""
        DELETE FROM sessions WHERE tenant = '{TENANT}';
        DELETE FROM caches WHERE tenant = '{TENANT}';
        """
    )


if __name__ == "__main__":
    reset_tenant(sqlite3.connect("app.db"))
