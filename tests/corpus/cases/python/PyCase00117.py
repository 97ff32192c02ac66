import pickle

DEFAULT_STATE = pickle.dumps({"page": 1, "filters": [], "sort": "name"})


def fresh_state():
    return pickle.loads(DEFAULT_STATE)


if __name__ == "__main__":
    print(fresh_state())
