import joblib
from flask import Flask, request

app = Flask(__name__)


@app.route("/models/score", methods=["POST"])
def score():
    model = joblib.load(request.files["model"])
    return {"score": float(model.predict([[1.0, 2.0]])[0])}
