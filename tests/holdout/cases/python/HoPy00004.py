import sqlite3

from aiohttp import web


async def import_notes(request):
    body = await request.text()
    conn = sqlite3.connect("notes.db")
    conn.executescript("INSERT INTO notes(body) VALUES ('" + body + "');")
    conn.commit()
    return web.json_response({"ok": True})
