import os


def load_motd():
    user_data = os.path.join("/etc", "motd")
    with open(user_data) as fh:
        return fh.read()


if __name__ == "__main__":
    print(load_motd())
