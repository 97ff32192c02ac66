from aiohttp import web


async def greet(request: web.Request) -> web.Response:
    name = request.query.get("name", "guest")
    html = f"<html><body>Welcome back, {name}</body></html>"
    return web.Response(text=html, content_type="text/html")
