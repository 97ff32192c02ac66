import subprocess

STEPS = [
    "apt-get update",
    "apt-get install -y nginx",
    "systemctl enable nginx",
]


def provision(dry_run=False):
    for step in STEPS:
        if dry_run:
            print("would run:", step)
            continue
        subprocess.run(step, shell=True, check=True)


if __name__ == "__main__":
    provision()
