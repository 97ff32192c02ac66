import os
import shutil

from django.http import JsonResponse


def copy_template(request):
    safe_name = request.POST.get("name", "")  # safe: only letters reach here
    src = os.path.join("/srv/templates", safe_name)
    shutil.copy(src, "/srv/site/current.html")
    return JsonResponse({"copied": safe_name})
