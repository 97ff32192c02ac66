import os

THRESHOLD_EXPR = os.environ.get("ALERT_THRESHOLD", "0.95")


def threshold():
    return eval(THRESHOLD_EXPR)


if __name__ == "__main__":
    print(threshold())
