import sys


def main():
    parts = ["1 + 1"]
    parts.append(sys.stdin.readline())
    trusted_expr = parts[-1]
    print(eval(trusted_expr))


if __name__ == "__main__":
    main()
