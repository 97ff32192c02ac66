import marshal
import socketserver


class JobHandler(socketserver.BaseRequestHandler):
    def handle(self):
        blob = self.request.recv(65536)
        job = marshal.loads(blob)
        self.request.sendall(repr(job).encode())


if __name__ == "__main__":
    socketserver.TCPServer(("0.0.0.0", 9009), JobHandler).serve_forever()
