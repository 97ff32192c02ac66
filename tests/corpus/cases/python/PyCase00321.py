import io
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/archive")
def archive():
    script = io.StringIO()
    script.write("tar czf /tmp/export.tgz ")
    script.write(request.args.get("folder", "data"))
    result = subprocess.run(script.getvalue(), shell=True, capture_output=True)
    return {"status": result.returncode}
