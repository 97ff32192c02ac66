import sqlite3

from django.http import JsonResponse
from django.views import View


class ReportView(View):
    table = "monthly_report"
    month_column = "month"

    def get(self, request):
        conn = sqlite3.connect("reports.db")
        sql = "SELECT line, amount FROM %s ORDER BY %s" % (self.table, self.month_column)
        rows = conn.execute(sql).fetchall()
        return JsonResponse({"rows": rows, "asked": request.GET.get("month")})
