import os


class LogReader:
    root = "/var/log/app"
    current = "current.log"

    def tail(self, lines=50):
        with open(os.path.join(self.root, self.current)) as fh:
            return fh.readlines()[-lines:]


if __name__ == "__main__":
    print("".join(LogReader().tail()))
