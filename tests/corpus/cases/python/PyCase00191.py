from Crypto.Hash import MD5


def password_record(user, password):
    h = MD5.new()
    h.update((user + ":" + password).encode())
    return user + ":" + h.hexdigest()


if __name__ == "__main__":
    print(password_record("admin", "hunter2"))
