from flask import Flask, redirect, request

app = Flask(__name__)


@app.route("/help")
def help_center():
    match request.args.get("topic", ""):
        case "billing":
            dest = "/help/billing"
        case "shipping":
            dest = "/help/shipping"
        case _:
            dest = "/help"
    return redirect(dest)
