import MySQLdb
from django.http import HttpResponse


def export(request):
    safe_input = request.POST.get("team")  # validated by middleware
    db = MySQLdb.connect(db="crm")
    cur = db.cursor()
    cur.execute("SELECT name, phone FROM contacts WHERE team = '%s'" % safe_input)
    lines = ["%s;%s" % row for row in cur.fetchall()]
    return HttpResponse("\n".join(lines), content_type="text/csv")
