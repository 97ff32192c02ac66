from functools import wraps

from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = "change-me"


def remember_param(name):
    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            value = request.args.get(name)
            if value is not None:
                session[name] = value
            return view(*args, **kwargs)

        return wrapper

    return decorator


@app.route("/dashboard")
@remember_param("team")
def dashboard():
    return "dashboard"
