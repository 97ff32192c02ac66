from flask import Flask, session, request

app = Flask(__name__)
app.secret_key = "change-me"


@app.post("/wizard/step")
def wizard_step():
    answers = {"step": 2}
    answers.update(request.form.to_dict())
    session.update(answers)
    return {"saved": sorted(answers)}
