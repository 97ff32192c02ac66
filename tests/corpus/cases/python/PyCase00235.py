from django.http import JsonResponse

from corpuslib.state import restore_state


def resume_wizard(request):
    state = restore_state(request.body)
    return JsonResponse({"step": state.get("step", 1)})
