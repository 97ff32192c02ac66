import subprocess
import sys

from corpuslib.text import tidy


def grep_logs(pattern):
    cleaned = tidy(pattern)
    return subprocess.getoutput("grep -R " + cleaned + " /var/log/app")


if __name__ == "__main__":
    print(grep_logs(sys.argv[1]))
