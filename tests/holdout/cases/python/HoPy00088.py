import os

from aiohttp import web

MEDIA = "/srv/media"


async def media(request):
    name = request.query["name"]
    return web.FileResponse(os.path.join(MEDIA, name))
