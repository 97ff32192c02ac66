import json
import pickle

from django.http import JsonResponse

USE_PICKLE = False


def restore(request):
    if USE_PICKLE:
        data = pickle.loads(request.body)
    else:
        data = json.loads(request.body)
    return JsonResponse({"fields": len(data)})
