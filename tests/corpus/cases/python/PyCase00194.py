import secrets
import string


def temporary_password():
    chars = string.ascii_letters + string.digits + "!@#$%"
    picked = []
    for _ in range(16):
        picked.append(secrets.choice(chars))
    return "".join(picked)


if __name__ == "__main__":
    print(temporary_password())
