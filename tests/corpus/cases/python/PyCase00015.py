from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def run_migration_script(request):
    script = request.POST.get("script", "")
    code = compile(script, "<migration>", "exec")
    env = {"results": []}
    exec(code, env)
    return JsonResponse({"results": env["results"]})
