from datetime import datetime, timezone

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route


async def visit(request):
    request.session["visited_at"] = datetime.now(timezone.utc).isoformat()
    return JSONResponse({"ok": True})


app = Starlette(routes=[Route("/visit", visit)])
