import sys


def main():
    parts = ["1 + 1"]
    parts.append(sys.stdin.readline())
    user_expr = parts[0]
    print(eval(user_expr))


if __name__ == "__main__":
    main()
