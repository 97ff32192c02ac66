from django.http import JsonResponse

from corpuslib.state import restore_state_json


def resume_wizard(request):
    state = restore_state_json(request.body)
    return JsonResponse({"step": state.get("step", 1)})
