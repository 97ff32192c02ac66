def compute_rate():
    request_expr = "60 * 60 * 24"
    seconds_per_day = eval(request_expr)
    return 1000 / seconds_per_day


if __name__ == "__main__":
    print(compute_rate())
