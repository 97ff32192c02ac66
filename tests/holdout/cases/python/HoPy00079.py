from django.utils.safestring import mark_safe
from django.views.generic import TemplateView


class BannerView(TemplateView):
    template_name = "banner.html"

    def get_context_data(self, **kwargs):
        ctx = super().get_context_data(**kwargs)
        ctx["banner"] = mark_safe("<marquee>%s</marquee>" % self.request.GET.get("msg", ""))
        return ctx
