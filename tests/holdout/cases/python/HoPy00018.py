import asyncio

from aiohttp import web


async def convert(request: web.Request) -> web.Response:
    fmt = request.query.get("fmt", "jpg")
    proc = await asyncio.create_subprocess_shell(f"convert in.png out.{fmt}")
    await proc.wait()
    return web.Response(text="done")


app = web.Application()
app.router.add_get("/convert", convert)
