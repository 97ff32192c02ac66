import subprocess
import sys


def main():
    with open(sys.argv[1]) as hosts:
        for host in hosts:
            subprocess.run("ssh " + host.strip() + " uptime", shell=True)


if __name__ == "__main__":
    main()
