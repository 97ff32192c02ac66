import os


def main():
    while True:
        target = input("package to inspect> ").strip()
        if not target:
            break
        os.system("pip show " + target)


if __name__ == "__main__":
    main()
