from aiohttp import web


async def echo(request):
    q = request.query.get("q", "")
    html_body = f"<p>You searched for {q}</p>"
    return web.Response(text=html_body, content_type="text/html")
