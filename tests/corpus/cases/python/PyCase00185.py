from flask import Flask, session, request

app = Flask(__name__)
app.secret_key = "change-me"


@app.before_request
def bind_tenant():
    tenant = request.headers.get("X-Tenant")
    if tenant:
        session["tenant"] = tenant
