import sys


def load_plugin(path):
    namespace = {}
    with open(path) as fh:
        source = fh.read()
    exec(compile(source, path, "exec"), namespace)
    return namespace.get("register")


if __name__ == "__main__":
    hook = load_plugin(sys.argv[1])
    print(hook)
