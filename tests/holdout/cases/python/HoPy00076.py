from django.views.generic.base import RedirectView


class NextView(RedirectView):
    permanent = False

    def get_redirect_url(self, *args, **kwargs):
        target = self.request.GET.get("to", "/")
        if target.startswith("/"):
            return target
        return "/"
