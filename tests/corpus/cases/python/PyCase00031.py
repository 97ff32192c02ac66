DEFAULTS_SRC = """
retries = 3
timeout = 2.5
backoff = [1, 2, 4]
"""


def load_defaults():
    scope = {}
    exec(DEFAULTS_SRC, {"__builtins__": {}}, scope)
    return scope


if __name__ == "__main__":
    print(load_defaults())
