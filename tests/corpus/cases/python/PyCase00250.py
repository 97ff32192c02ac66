import sqlite3

from django.http import JsonResponse
from django.views import View


class ReportView(View):
    table = "monthly_report"

    def get(self, request):
        self.month = request.GET.get("month", "2024-01")
        conn = sqlite3.connect("reports.db")
        sql = "SELECT line, amount FROM %s WHERE month = '%s'" % (self.table, self.month)
        return JsonResponse({"rows": conn.execute(sql).fetchall()})
