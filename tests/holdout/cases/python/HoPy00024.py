import yaml
from aiohttp import web


async def upload_manifest(request):
    text = await request.text()
    manifest = yaml.load(text, Loader=yaml.SafeLoader)
    return web.json_response({"name": manifest.get("name")})
