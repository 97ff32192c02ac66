from aiohttp import web


async def echo(request):
    q = request.query.get("q", "")
    return web.json_response({"query": q, "hits": []})
