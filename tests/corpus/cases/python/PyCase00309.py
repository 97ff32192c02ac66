import subprocess
import sys


def list_member(archive, member):
    cmd = ["tar", "-tvf", archive]
    cmd.append(member)
    return subprocess.check_output(cmd, text=True)


if __name__ == "__main__":
    print(list_member("/var/backups/site.tar", sys.argv[1]))
