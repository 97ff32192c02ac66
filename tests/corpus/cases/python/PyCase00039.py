import math
import sys


def plot_points(formula, start=0, stop=10):
    points = []
    for x in range(start, stop):
        points.append((x, eval(formula, {"x": x, "math": math})))
    return points


if __name__ == "__main__":
    for p in plot_points(sys.argv[1]):
        print(*p)
