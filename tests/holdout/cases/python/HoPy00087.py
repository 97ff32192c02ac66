from flask import Flask, request, send_file

app = Flask(__name__)


@app.get("/avatar")
def avatar():
    uid = int(request.args["uid"])
    return send_file(f"/srv/avatars/{uid}.png")
