import subprocess


def rotate_logs():
    user_supplied_dir = "/var/log/myapp"
    cmd = "find %s -name '*.log' -mtime +14 -delete" % user_supplied_dir
    subprocess.run(cmd, shell=True, check=True)


if __name__ == "__main__":
    rotate_logs()
