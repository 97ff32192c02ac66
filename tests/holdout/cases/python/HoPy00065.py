import psycopg2
from django.http import JsonResponse


def invoice_total(request):
    conn = psycopg2.connect("dbname=billing")
    with conn.cursor() as cur:
        cur.execute("SELECT total FROM invoices WHERE id = %d" % int(request.GET["id"]))
        row = cur.fetchone()
    return JsonResponse({"total": row[0] if row else None})
