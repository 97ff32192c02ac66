import json
import pickle


def restore_state(blob):
    return pickle.loads(blob)


def restore_state_json(blob):
    return json.loads(blob.decode("utf-8"))
