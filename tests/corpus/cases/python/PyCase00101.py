from flask import Blueprint, jsonify, request

from corpuslib.db import run_query_params

bp = Blueprint("audit", __name__)


@bp.route("/audit")
def audit_log():
    actor = request.args.get("actor", "")
    since = request.args.get("since", "1970-01-01")
    rows = run_query_params(
        "SELECT at, action FROM audit WHERE actor = ? AND at >= ? ORDER BY at",
        (actor, since),
    )
    return jsonify(rows)
