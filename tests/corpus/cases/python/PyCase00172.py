import pickle
import socket


def serve(port=9900):
    with socket.create_server(("0.0.0.0", port)) as srv:
        conn, _ = srv.accept()
        with conn:
            payload = conn.recv(65536)
            job = pickle.loads(payload)
            print("job", job)


if __name__ == "__main__":
    serve()
