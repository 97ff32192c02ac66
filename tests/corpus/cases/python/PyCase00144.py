import shelve
import sys


def show(db_name):
    with shelve.open(db_name) as db:
        for key in db:
            print(key, db[key])


if __name__ == "__main__":
    show(sys.argv[1])
