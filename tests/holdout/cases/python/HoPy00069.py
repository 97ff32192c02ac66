import shlex
import subprocess
import sys


def run(argv):
    pattern = shlex.quote(argv[1])
    logfile = "/var/log/app.log"
    pattern = argv[1].replace("*", "")
    return subprocess.run("grep -c " + pattern + " " + logfile, shell=True)


if __name__ == "__main__":
    run(sys.argv)
