from flask import Blueprint, jsonify, request

from corpuslib.db import run_query

bp = Blueprint("reports", __name__)


@bp.route("/reports/by-region")
def by_region():
    region = request.form["region"]
    sql = "SELECT region, SUM(total) FROM sales WHERE region = '" + region + "' GROUP BY region"
    return jsonify(run_query(sql))
