"""The clients scripts/hostile-probes.py drives: `segue lsp` over a pipe and `segue serve` over sockets."""
import http.client
import json
import os
import select
import signal
import socket
import subprocess
import time


class LanguageServer:
    def __init__(self, segue, folder):
        self.process = subprocess.Popen([segue, "lsp"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.buffer = b""

    def send_raw(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, until, timeout=10):
        """Messages as they come, until `until(message)` is true or the time runs out (then None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while b"\r\n\r\n" in self.buffer:
                head, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(head.split(b":")[1])
                if len(rest) < length:
                    break
                self.buffer = rest[length:]
                message = json.loads(rest[:length])
                if until(message):
                    return message
            ready, _, _ = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buffer += chunk
        return None

    def close(self):
        self.process.kill()
        self.process.wait()


class Served:
    def __init__(self, segue, flow, folder):
        self.process = subprocess.Popen([segue, "serve", flow, "--port", "0"],
                                        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env=dict(os.environ, XDG_CONFIG_HOME=os.path.join(folder, ".config")))
        line = self.process.stdout.readline().decode()
        self.url = line.split(" at ")[1].split(" ")[0]
        self.port = int(self.url.split(":")[2].split("/")[0])
        self.token = self.url.split("token=")[1]

    def raw(self, data, timeout=5):
        """The bytes the server answers `data` with, until it closes the connection."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as connection:
            connection.sendall(data)
            answer = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    return answer
                answer += chunk

    def get(self, path, headers):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response

    def close(self):
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
