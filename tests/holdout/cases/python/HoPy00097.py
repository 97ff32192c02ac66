import random
import time

from aiohttp import web


async def new_session(request):
    rng = random.Random(int(time.time()))
    sid = "%032x" % rng.getrandbits(128)
    resp = web.json_response({"ok": True})
    resp.set_cookie("sid", sid, secure=True, httponly=True)
    return resp
