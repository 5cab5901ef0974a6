#!/usr/bin/env python3
"""A stub wall-of-honor server: the seed's REST contract on 127.0.0.1, with fault modes for tests.

Usage: python3 board_server.py [--port N]   (port 0, the default, picks a free port)

The first line on stdout is the chosen port number. The contract (see docs/services.md):

    GET  /board/list    offset (>= 0, default 0), count (1...100, default 50)
    POST /board/photo   multipart: user_id*, photo_file*           -> Data: photo id
    POST /board/add     form: user_id*, name*, surname*, text, url, buy_package*, photo_id  -> Data: the entry
    POST /board/remove  form: user_id*                              -> Data: the removed entry (00: none)

Every response is {"Error": code, "Data": ...}; error responses also carry "Message".

Faults, for the next request(s) or one request:
    POST /_control/fault   form: mode=<mode> [seconds=S] [code=C] [message=M] [in_data=1] [times=N]
                           (times: how many requests it applies to, default 1; 0 until cleared)
    POST /_control/clear   clears any fault
    header X-Board-Fault: <mode>[;seconds=S][;code=C]   applies to that request only
    GET  /_control/photo?id=ID   the uploaded photo's bytes (to check uploads byte for byte)

    GET  /_control/requests      how many contract requests arrived (faulted or not), as a number
    GET  /_control/abandoned     the seconds after which each client closed a `slow` request's connection before
                                 it was answered (a cancelled call), as a JSON list
    (either with ?at_least=N: answered once there are N, or after 30 s: a test waits for the event, never polls)

Modes: slow (answer after `seconds`), http500, truncated (Content-Length longer than the body), non_json,
no_envelope (JSON without Error), unknown_code (Error "99"), reset (TCP reset, no response),
code (answer Error `code` with Message `message`, or with Data `message` when in_data=1).
Hostile modes: redirect (`status`, default 302, to `location`), unauthorized (401 with WWW-Authenticate),
large (a valid envelope padded to `bytes`), endless (a chunked body that never ends), gzip_bomb (`bytes` of
spaces gzip-compressed), chunked_cut (a chunked body closed before its last chunk).
"""

import argparse
import json
import select
import signal
import socket
import struct
import sys
import threading
import time
import unicodedata
import urllib.parse
import zlib
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import graphemes  # beside this file

LIMITS = {"name": 100, "surname": 100, "text": 550, "url": 500, "buy_package": 100, "photo_id": 100}


class Board:
    """The board's state: entries newest last, photos by id, and the pending fault."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries = []
        self.photos = {}
        self.next_entry = 1
        self.next_photo = 1
        self.fault = None  # dict with mode, seconds, code, message, times
        self.requests = 0
        self.abandoned = []
        # Notified when `requests` or `abandoned` grows, for the control requests that wait with ?at_least=N.
        self.changed = threading.Condition(self.lock)

    def wait_until(self, counted, at_least):
        """Waits (holding no lock meanwhile) until `counted()` reaches `at_least`, or 30 seconds pass."""
        with self.changed:
            self.changed.wait_for(lambda: counted() >= at_least, timeout=30)


BOARD = Board()


class ContractError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


# Default_Ignorable_Code_Point (Unicode 15.1): invisible wherever they stand.
_IGNORABLE = [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)]


def looks_blank(text):
    """Nothing a person would see, as the client's VisibleText.looksBlank: spaces, controls, format characters,
    default-ignorable code points (zero-width spaces, Hangul fillers, tags) and the blank Braille pattern."""
    def invisible(char):
        code = ord(char)
        return char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Zs") or code == 0x2800 \
            or any(low <= code <= high for low, high in _IGNORABLE)
    return all(invisible(char) for char in text)


def require(fields, name):
    value = fields.get(name)
    if value is None or looks_blank(value):
        raise ContractError("01", f"Не заполнен обязательный параметр «{name}»")
    return value


def characters(text):
    """Counts as Swift's String.count (extended grapheme clusters), as the client and the local board do."""
    return graphemes.count(text)


def limit(fields, name):
    value = fields.get(name)
    if value is not None and characters(value) > LIMITS[name]:
        raise ContractError("01", f"Параметр «{name}» длиннее {LIMITS[name]} символов ({characters(value)})")
    return value if value not in (None, "") else None


def integer(fields, name, default, low, high):
    raw = fields.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ContractError("01", f"Параметр «{name}» должен быть целым числом, а не «{raw}»")
    if value < low or (high is not None and value > high):
        bounds = f"от {low} до {high}" if high is not None else f"не меньше {low}"
        raise ContractError("01", f"Параметр «{name}» должен быть {bounds} ({value})")
    return value


def parse_multipart(body, content_type):
    """Splits a multipart/form-data body into text fields and files (name -> (filename, bytes))."""
    boundary = None
    for part in content_type.split(";")[1:]:
        key, _, value = part.strip().partition("=")
        if key.lower() == "boundary":
            boundary = value.strip('"')
    if not boundary:
        raise ContractError("01", "В multipart-запросе нет boundary")
    fields, files = {}, {}
    delimiter = b"--" + boundary.encode()
    for chunk in body.split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break
        chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk
        head, _, content = chunk.partition(b"\r\n\r\n")
        content = content[:-2] if content.endswith(b"\r\n") else content
        disposition = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            if line.lower().startswith("content-disposition:"):
                for item in line.split(";")[1:]:
                    key, _, value = item.strip().partition("=")
                    disposition[key] = value.strip('"')
        name = disposition.get("name")
        if name is None:
            continue
        if "filename" in disposition:
            files[name] = (disposition["filename"], content)
        else:
            fields[name] = content.decode("utf-8")
    return fields, files


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    # --- plumbing -------------------------------------------------------------------------------------------

    def send_body(self, status, body, content_type="application/json; charset=utf-8", declared_length=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(declared_length if declared_length is not None else len(body)))
        if declared_length is not None:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def send_padded(self, total):
        """A valid `{"Error": "00", "Data": []}` followed by spaces up to `total` bytes, streamed."""
        head = b'{"Error": "00", "Data": []}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(total))
        self.end_headers()
        self.wfile.write(head)
        remaining, block = total - len(head), b" " * 65536
        try:
            while remaining > 0:
                self.wfile.write(block[: min(remaining, len(block))])
                remaining -= len(block)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def send_chunks(self, endless):
        """A chunked body: forever, or one chunk and then the connection closed without the last chunk."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b'{"Error": "10", "Data": [' if not endless else b" " * 65536
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            while endless:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def send_gzip_bomb(self, total):
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        block, parts = b" " * (1 << 20), []
        for _ in range(total >> 20):
            parts.append(compressor.compress(block))
        parts.append(compressor.flush())
        body = b"".join(parts)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def send_envelope(self, code, data=None, message=None, status=200):
        envelope = {"Error": code, "Data": data}
        if message is not None:
            envelope["Message"] = message
        self.send_body(status, json.dumps(envelope, ensure_ascii=False).encode("utf-8"))

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def take_fault(self):
        header = self.headers.get("X-Board-Fault")
        if header:
            mode, *options = header.split(";")
            fault = {"mode": mode.strip()}
            for option in options:
                key, _, value = option.strip().partition("=")
                fault[key] = value
            return fault
        with BOARD.lock:
            fault = BOARD.fault
            if fault is None:
                return None
            if fault["times"] > 0:
                fault["times"] -= 1
                if fault["times"] == 0:
                    BOARD.fault = None
            return dict(fault)

    def wait_or_abandon(self, seconds):
        """Waits `seconds` before answering, watching the connection: a client that closes it (a cancelled
        call) is noted in BOARD.abandoned and gets no answer. Returns whether the request was dealt with."""
        started = time.monotonic()
        deadline = started + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            readable, _, _ = select.select([self.connection], [], [], left)
            if readable:
                try:
                    closed = self.connection.recv(1, socket.MSG_PEEK) == b""
                except OSError:
                    closed = True
                if closed:
                    with BOARD.lock:
                        BOARD.abandoned.append(round(time.monotonic() - started, 3))
                        BOARD.changed.notify_all()
                    self.close_connection = True
                    return True
                # Bytes the client sent after its request: read and dropped, so the next select waits again.
                try:
                    self.connection.recv(4096)
                except OSError:
                    pass

    def apply_fault(self, fault):
        """Answers the request as the fault says; returns False when the request should go on normally."""
        mode = fault["mode"]
        if mode == "slow":
            return self.wait_or_abandon(float(fault.get("seconds", 2)))
        if mode == "http500":
            self.send_body(500, b"Internal Server Error: the board is down", "text/plain; charset=utf-8")
        elif mode == "truncated":
            body = json.dumps({"Error": "10", "Data": [{"name": "Иван"}]}, ensure_ascii=False).encode("utf-8")
            self.send_body(200, body[: len(body) // 2], declared_length=len(body))
        elif mode == "non_json":
            self.send_body(200, b"<html><body>502 Bad Gateway</body></html>", "text/html")
        elif mode == "html_error":
            # A proxy's error page: HTML with a title, named by its Server header.
            title = fault.get("title", "502 Bad Gateway")
            page = (
                "<!DOCTYPE html>\n<html><head><title>" + title + "</title></head>"
                "<body><h1>" + title + "</h1><p>SECRET-INTERNAL-HOST 10.0.0.7</p></body></html>"
            ).encode("utf-8")
            self.send_response(int(fault.get("status", 502)))
            self.send_header("Server", fault.get("server", "nginx"))
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)
        elif mode == "long_text":
            # The page as it is, but the entry at `index` carries a text of `length` Characters.
            fields = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
            offset, count = integer(fields, "offset", 0, 0, None), integer(fields, "count", 50, 1, 100)
            with BOARD.lock:
                page = [dict(entry) for entry in reversed(BOARD.entries)][offset : offset + count]
            index = int(fault.get("index", 1))
            if index < len(page):
                page[index]["text"] = "ж" * int(fault.get("length", 800))
            self.send_envelope("10", page)
        elif mode == "no_envelope":
            self.send_body(200, json.dumps({"Data": []}).encode("utf-8"))
        elif mode == "unknown_code":
            self.send_envelope("99", None)
        elif mode == "code" and fault.get("in_data"):
            self.send_envelope(fault.get("code", "20"), fault.get("message"))
        elif mode == "code":
            self.send_envelope(fault.get("code", "20"), None, fault.get("message"))
        elif mode == "redirect":
            self.send_response(int(fault.get("status", 302)))
            self.send_header("Location", fault.get("location", "/"))
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif mode == "unauthorized":
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="board"')
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif mode == "large":
            self.send_padded(int(fault.get("bytes", 50_000_000)))
        elif mode == "endless":
            self.send_chunks(endless=True)
        elif mode == "chunked_cut":
            self.send_chunks(endless=False)
        elif mode == "gzip_bomb":
            self.send_gzip_bomb(int(fault.get("bytes", 512 << 20)))
        elif mode == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        else:
            self.send_body(400, f"unknown fault mode {mode}".encode("utf-8"), "text/plain")
        return True

    # --- routing --------------------------------------------------------------------------------------------

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        url = urllib.parse.urlsplit(self.path)
        body = self.read_body() if method == "POST" else b""
        if url.path.startswith("/_control/"):
            return self.control(url, body)
        with BOARD.lock:
            BOARD.requests += 1
            BOARD.changed.notify_all()
        fault = self.take_fault()
        if fault is not None and self.apply_fault(fault):
            return
        try:
            if method == "GET" and url.path == "/board/list":
                fields = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
                return self.list_entries(fields)
            if method != "POST":
                return self.send_body(405, b"method not allowed", "text/plain")
            content_type = self.headers.get("Content-Type", "")
            if content_type.startswith("multipart/form-data"):
                fields, files = parse_multipart(body, content_type)
            else:
                fields, files = dict(urllib.parse.parse_qsl(body.decode("utf-8"), keep_blank_values=True)), {}
            if url.path == "/board/photo":
                return self.upload_photo(fields, files)
            if url.path == "/board/add":
                return self.add_entry(fields)
            if url.path == "/board/remove":
                return self.remove_entry(fields)
            self.send_body(404, b"not found", "text/plain")
        except ContractError as error:
            self.send_envelope(error.code, None, error.message)

    def control(self, url, body):
        fields = dict(urllib.parse.parse_qsl(body.decode("utf-8") or url.query, keep_blank_values=True))
        if url.path == "/_control/fault":
            fault = {"mode": fields.get("mode", ""), "times": int(fields.get("times", "1"))}
            for key in ("seconds", "code", "message", "in_data", "status", "location", "bytes"):
                if key in fields:
                    fault[key] = fields[key]
            with BOARD.lock:
                BOARD.fault = fault
            return self.send_body(200, b"ok", "text/plain")
        if url.path == "/_control/clear":
            with BOARD.lock:
                BOARD.fault = None
            return self.send_body(200, b"ok", "text/plain")
        if url.path == "/_control/requests":
            BOARD.wait_until(lambda: BOARD.requests, int(fields.get("at_least", "0")))
            with BOARD.lock:
                count = BOARD.requests
            return self.send_body(200, str(count).encode(), "text/plain")
        if url.path == "/_control/abandoned":
            BOARD.wait_until(lambda: len(BOARD.abandoned), int(fields.get("at_least", "0")))
            with BOARD.lock:
                abandoned = list(BOARD.abandoned)
            return self.send_body(200, json.dumps(abandoned).encode(), "application/json")
        if url.path == "/_control/photo":
            with BOARD.lock:
                photo = BOARD.photos.get(fields.get("id", ""))
            if photo is None:
                return self.send_body(404, b"no such photo", "text/plain")
            return self.send_body(200, photo[1], "application/octet-stream")
        self.send_body(404, b"not found", "text/plain")

    # --- the contract ---------------------------------------------------------------------------------------

    def list_entries(self, fields):
        offset = integer(fields, "offset", 0, 0, None)
        count = integer(fields, "count", 50, 1, 100)
        with BOARD.lock:
            newest_first = list(reversed(BOARD.entries))
        page = newest_first[offset : offset + count]
        if not page:
            return self.send_envelope("00", [])
        self.send_envelope("10", page)

    def upload_photo(self, fields, files):
        user_id = require(fields, "user_id")
        if "photo_file" not in files or not files["photo_file"][1]:
            raise ContractError("01", "Не передан файл «photo_file»")
        with BOARD.lock:
            photo_id = f"photo-{BOARD.next_photo}"
            BOARD.next_photo += 1
            BOARD.photos[photo_id] = (user_id, files["photo_file"][1])
        self.send_envelope("10", photo_id)

    def add_entry(self, fields):
        user_id = require(fields, "user_id")
        name, surname, buy_package = (require(fields, key) for key in ("name", "surname", "buy_package"))
        for key in LIMITS:
            limit(fields, key)
        photo_id = limit(fields, "photo_id")
        with BOARD.lock:
            if photo_id is not None and photo_id not in BOARD.photos:
                raise ContractError("01", f"Фотография «{photo_id}» не найдена")
            if any(entry["user_id"] == user_id for entry in BOARD.entries):
                raise ContractError("12", "Вы уже добавили запись на доску почёта")
            entry = {
                "id": BOARD.next_entry,
                "user_id": user_id,
                "name": name,
                "surname": surname,
                "text": limit(fields, "text"),
                "url": limit(fields, "url"),
                "buy_package": buy_package,
                "photo_id": photo_id,
                "photo_url": f"/_control/photo?id={photo_id}" if photo_id else None,
                "created_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
            BOARD.next_entry += 1
            BOARD.entries.append(entry)
        self.send_envelope("10", entry)

    def remove_entry(self, fields):
        user_id = require(fields, "user_id")
        with BOARD.lock:
            removed = [entry for entry in BOARD.entries if entry["user_id"] == user_id]
            BOARD.entries = [entry for entry in BOARD.entries if entry["user_id"] != user_id]
        if not removed:
            return self.send_envelope("00", None)
        self.send_envelope("10", removed[0])


def main():
    # A parent that blocks signals in its spawning thread (Foundation's Process does) passes that mask on;
    # unblock so `terminate()` (SIGTERM) stops the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    sys.exit(main())
