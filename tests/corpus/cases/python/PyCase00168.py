import pickle


def roundtrip_defaults():
    snapshot = {"version": 3, "flags": ("a", "b")}
    frozen = pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL)
    restored = pickle.loads(frozen)
    assert restored == snapshot
    return restored


if __name__ == "__main__":
    print(roundtrip_defaults())
