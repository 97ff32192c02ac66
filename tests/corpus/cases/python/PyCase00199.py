import base64
import os


def session_id():
    return base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("=")


if __name__ == "__main__":
    print(session_id())
