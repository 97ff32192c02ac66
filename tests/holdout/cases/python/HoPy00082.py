from aiohttp import web

DESTINATIONS = {"docs": "/docs/", "billing": "/account/billing", "home": "/"}


async def jump(request):
    key = request.query.get("to", "home")
    raise web.HTTPFound(DESTINATIONS.get(key, "/"))
