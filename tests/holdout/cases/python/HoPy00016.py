import xml.etree.ElementTree as ET

from aiohttp import web


async def parse_sitemap(request):
    body = await request.read()
    root = ET.fromstring(body)
    return web.json_response({"urls": len(root)})
