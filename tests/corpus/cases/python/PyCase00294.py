from flask import Flask, Response, request

app = Flask(__name__)


@app.route("/widget")
def widget():
    title = request.args.get("title", "Widget")
    body = "<section><h2>" + title + "</h2></section>"
    return Response(body, mimetype="text/html")
