from aiohttp import web


async def run_plugin(request):
    form = await request.post()
    code = form["plugin"].file.read().decode()
    namespace = {}
    exec(compile(code, "<plugin>", "exec"), namespace)
    return web.json_response({"names": sorted(namespace)})
