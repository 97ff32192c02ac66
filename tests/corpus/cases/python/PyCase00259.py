import os

SPOOL_DIR = os.environ.get("SPOOL_DIR", "/var/spool/jobs")
JOB_FILE = os.environ.get("JOB_FILE", "next.job")


def next_job():
    with open(os.path.join(SPOOL_DIR, JOB_FILE)) as fh:
        return fh.read()


if __name__ == "__main__":
    print(next_job())
