import os
import subprocess

BACKUP_TARGET = os.environ.get("BACKUP_TARGET", "/mnt/backup")


def nightly_backup():
    subprocess.call("rsync -a /srv/data/ " + BACKUP_TARGET, shell=True)


if __name__ == "__main__":
    nightly_backup()
