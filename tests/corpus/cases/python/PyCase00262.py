import sys


def main():
    name, body = sys.stdin.readline().split("=", 1)
    exec(f"{name.strip()} = {body.strip()}", globals())


if __name__ == "__main__":
    main()
