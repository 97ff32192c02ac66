from aiohttp import web


async def status(request: web.Request) -> web.Response:
    node = request.match_info["node"]
    return web.Response(text=f"node {node}: ok")
