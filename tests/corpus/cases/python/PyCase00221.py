from django.http import JsonResponse

PLANS = {"basic": "plan_basic_v2", "pro": "plan_pro_v3"}


def pick_plan(request):
    plan_code = PLANS.get(request.POST.get("plan", ""), "plan_basic_v2")
    request.session["plan"] = plan_code
    return JsonResponse({"plan": plan_code})
