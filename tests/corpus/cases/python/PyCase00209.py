from random import randint as pick


def session_id():
    return "".join(str(pick(0, 9)) for _ in range(20))


if __name__ == "__main__":
    print(session_id())
