import sys


def apply_patch(source_text):
    if len("abc") > 5:
        exec(source_text)
    return source_text.count("\n")


if __name__ == "__main__":
    print(apply_patch(sys.stdin.read()))
