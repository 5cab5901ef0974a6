#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target from the project's own files (docs/fuzzing.md).

usage: fuzz-seeds.py TARGET DIRECTORY
"""
import glob
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(*patterns):
    found = []
    for pattern in patterns:
        found += glob.glob(os.path.join(ROOT, pattern), recursive=True)
    return sorted(set(found))


def flows():
    return [p for p in files("flows/**/*.yaml", "examples/**/*.yaml", "Tests/SegueCheckTests/Corpus/**/*.yaml")
            if "/scenarios/" not in p]


def expressions():
    """Every `${…}` and every `when:` / `if:` / `value:` expression the flows and scenarios write."""
    found = set()
    for path in files("flows/**/*.yaml", "examples/**/*.yaml", "docs/*.md"):
        text = open(path, encoding="utf-8").read()
        found.update(re.findall(r"\$\{([^}\n]{1,200})\}", text))
        found.update(m.strip().strip("'\"") for m in re.findall(r"\b(?:when|if|value|set|text|title):\s*(.{1,200})", text))
        found.update(re.findall(r"`([^`\n]{1,80})`", text) if path.endswith(".md") else [])
    return sorted(e for e in found if e)


def envelopes():
    entry = {"user_id": "u1", "name": "Анна", "surname": "С", "text": "Спасибо", "buy_package": "p1",
             "image_url": "http://127.0.0.1/p.jpg", "created_at": "2026-01-01T00:00:00Z"}
    return [
        {"Error": "10", "Data": [entry, dict(entry, user_id="u2", image_url=None)]},
        {"Error": 10, "Data": {"url": "http://127.0.0.1/photo-1.jpg"}},
        {"Error": "00", "Data": []},
        {"Error": "01", "Message": "Неверные данные\u202e\x1b[31m"},
        {"Error": "02", "Data": "user_id уже есть"},
        {"Error": "10", "Data": {"ok": True, "count": 1.5e300, "list": [1, -2, 3.25, None, "x"]}},
    ]


def png(width, height, colour_type, depth, rows):
    """A PNG from raw scanlines (each a filter byte then pixels)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    body = b"".join(chunk(k, v) for k, v in [(b"IHDR", header)])
    if colour_type == 3:
        body += chunk(b"PLTE", bytes(range(48)))
        body += chunk(b"tRNS", bytes([0, 128, 255]))
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def images(directory):
    for path in files("flows/**/*.png", "flows/**/*.jpg", "examples/**/*.png", "Tests/**/*.png", "Tests/**/*.jpg"):
        shutil.copy(path, directory)
    samples = {
        "rgb8.png": png(4, 3, 2, 8, b"".join(b"\x00" + bytes(range(r, r + 12)) for r in range(3))),
        "rgba16.png": png(2, 2, 6, 16, b"".join(b"\x01" + bytes(16) for _ in range(2))),
        "gray1.png": png(9, 2, 0, 1, b"\x00\xaa\x80\x02\x55\x00"),
        "palette4.png": png(4, 2, 3, 4, b"\x00\x01\x23\x00\x12\x30"),
        "graya8.png": png(2, 2, 4, 8, b"\x04\x10\x20\x30\x40\x00\x50\x60\x70\x80"),
    }
    for name, data in samples.items():
        open(os.path.join(directory, name), "wb").write(data)
    # JPEGs (baseline, progressive, gray) when libjpeg's tools are installed.
    cjpeg = shutil.which("cjpeg")
    if cjpeg:
        ppm = b"P6\n8 6\n255\n" + bytes((x * 37 + y * 11) % 256 for y in range(6) for x in range(8 * 3))
        for name, flags in [("baseline.jpg", []), ("progressive.jpg", ["-progressive"]),
                            ("gray.jpg", ["-grayscale"]), ("restart.jpg", ["-restart", "1"])]:
            out = subprocess.run([cjpeg, *flags], input=ppm, capture_output=True).stdout
            if out:
                open(os.path.join(directory, name), "wb").write(out)


def charts():
    """The importer's fixtures and every ```xml block of the docs."""
    found = [open(p, "rb").read() for p in files("Tests/SegueImportTests/Fixtures/**/*.scxml",
                                                 "Tests/SegueImportTests/Fixtures/**/*.txml")]
    for path in files("docs/*.md"):
        text = open(path, encoding="utf-8").read()
        found += [block.encode() for block in re.findall(r"```xml\n(.*?)```", text, re.S)]
    return found


LSP_WORKSPACE = "file:///tmp/segue-fuzz-lsp"


def lsp_sessions():
    """Editor sessions as lists of messages: the lifecycle, each flow opened, edited and asked about, and shut down."""
    def request(number, method, params):
        return {"jsonrpc": "2.0", "id": number, "method": method, "params": params}

    def notification(method, params):
        return {"jsonrpc": "2.0", "method": method, "params": params}

    sessions = []
    for index, path in enumerate(flows()[:40]):
        text = open(path, encoding="utf-8").read()
        if len(text) > 12000:
            continue
        uri = f"{LSP_WORKSPACE}/{os.path.basename(path)}"
        document = {"uri": uri}
        line = text.count("\n") // 2
        position = {"textDocument": document, "position": {"line": line, "character": 4}}
        sessions.append([
            request(1, "initialize", {"processId": None, "rootUri": LSP_WORKSPACE, "capabilities": {}}),
            notification("initialized", {}),
            notification("textDocument/didOpen",
                         {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
            request(2, ["textDocument/completion", "textDocument/hover", "textDocument/definition",
                        "textDocument/references", "textDocument/prepareRename"][index % 5], position),
            request(3, "textDocument/documentSymbol", {"textDocument": document}),
            request(4, "textDocument/rename", dict(position, newName="renamed")),
            request(5, "textDocument/codeAction", {"textDocument": document, "range": {
                "start": {"line": 0, "character": 0}, "end": {"line": line, "character": 0}},
                "context": {"diagnostics": []}}),
            notification("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                    "contentChanges": [{"text": text[: len(text) // 2]}]}),
            notification("$/cancelRequest", {"id": 7}),
            request(7, "textDocument/hover", position),
            notification("textDocument/didClose", {"textDocument": document}),
            request(8, "shutdown", None),
            notification("exit", None),
        ])
    sessions.append([request(1, "textDocument/hover", {}), {"jsonrpc": "2.0", "id": 9, "result": None},
                     notification("exit", None)])
    return sessions


SERVE_TOKEN = "5e" * 32


def serve_requests():
    """Requests as the page and a browser send them, and as a hostile page or client would."""
    cookie = f"Cookie: segue-serve-8765={SERVE_TOKEN}\r\n"
    page = "Host: 127.0.0.1:8765\r\n"
    origin = "Origin: http://127.0.0.1:8765\r\n"
    json_type = "Content-Type: application/json\r\n"

    def post(path, body, headers=page + origin + cookie + json_type):
        data = json.dumps(body, ensure_ascii=False).encode()
        return (f"POST {path} HTTP/1.1\r\n{headers}Content-Length: {len(data)}\r\n\r\n").encode() + data

    requests = [
        f"GET /?token={SERVE_TOKEN} HTTP/1.1\r\n{page}\r\n".encode(),
        f"GET /state HTTP/1.1\r\n{page}{cookie}Accept: */*\r\n\r\n".encode(),
        f"GET /events HTTP/1.1\r\nHost: localhost:8765\r\n{cookie}\r\n".encode(),
        f"GET /scenario.yaml HTTP/1.0\r\n{cookie}\r\n".encode(),
        f"GET /diagram.svg?x=1&y=%20a+b HTTP/1.1\r\nHost: [::1]:8765\r\n{cookie}\r\n".encode(),
        f"GET /state HTTP/1.1\r\nHost: evil.example:8765\r\n{cookie}\r\n".encode(),
        f"GET /state HTTP/1.1\r\n{page}Origin: http://evil.example\r\n{cookie}\r\n".encode(),
        b"GET /state HTTP/1.1\nHost: 127.0.0.1:8765\n\n",
        b"GET /state HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        b"GET /%e2%82%ac HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nCookie: a=b; segue-serve-8765=0\r\n\r\n",
        b"PUT / HTTP/1.1\r\n\r\n",
        b"GET / HTTP/2.0\r\n\r\n",
        b"POST /input HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        post("/input", {"kind": "tap", "path": "options[0]"}),
        post("/input", {"kind": "edit", "path": "name", "text": "Анна\u202e\x1b[2J"}),
        post("/input", {"kind": "change", "path": "lines[0].clip", "option": "take"}),
        post("/input", {"kind": "pan", "path": "photo", "x": 0.3, "y": 0.6}),
        post("/input", {"kind": "pinch", "path": "photo", "value": 2}),
        post("/outcome", {"call": "store.purchase", "result": "cancelled", "code": "E1"}),
        post("/clock", {"action": "advance", "seconds": 1.5}),
        post("/travel", {"by": -1}),
        post("/input", {"kind": "tap"}, headers=page + cookie + json_type),
        post("/input", {"kind": "tap"}, headers=page + origin + cookie + "Content-Type: text/plain\r\n"),
    ]
    return requests


def main():
    target, directory = sys.argv[1], sys.argv[2]
    os.makedirs(directory, exist_ok=True)

    def write(name, data):
        open(os.path.join(directory, name), "wb").write(data if isinstance(data, bytes) else data.encode())

    if target == "frontend":
        for index, path in enumerate(flows()):
            shutil.copy(path, os.path.join(directory, f"{index:03}-{os.path.basename(path)}"))
    elif target == "scenario":
        for path in files("flows/scenarios/**/*.yaml"):
            shutil.copy(path, directory)
    elif target == "expression":
        for index, text in enumerate(expressions()):
            write(f"{index:04}", text)
    elif target == "json":
        for index, value in enumerate(envelopes()):
            write(f"envelope-{index}.json", json.dumps(value, ensure_ascii=False))
        for path in files("flows/**/*.storekit", "examples/**/*.storekit"):
            shutil.copy(path, directory)
    elif target == "storekit":
        for path in files("flows/**/*.storekit", "examples/**/*.storekit", "Tests/**/*.storekit"):
            shutil.copy(path, directory)
        write("xml.storekit", '<?xml version="1.0"?><plist version="1.0"><dict><key>products</key><array><dict>'
              "<key>productID</key><string>p1</string><key>referenceName</key><string>P</string>"
              "<key>type</key><string>Consumable</string><key>displayPrice</key><string>2.99</string>"
              "<key>localizations</key><array/></dict></array></dict></plist>")
    elif target == "wav":
        for path in files("examples/**/*.wav"):
            shutil.copy(path, directory)
    elif target == "image":
        images(directory)
    elif target == "scxml":
        for index, chart in enumerate(charts()):
            write(f"{index:03}.scxml", chart)
    elif target == "lsp":
        # The first byte picks how the harness reads the rest (Fuzz/Sources/segue-fuzz/LanguageServerFuzz.swift):
        # even, bodies separated by NUL that the harness frames; odd, the raw stream in reads of (byte >> 1) + 1.
        for index, session in enumerate(lsp_sessions()):
            bodies = [json.dumps(message, ensure_ascii=False).encode() for message in session]
            write(f"{index:03}-bodies", b"\x00" + b"\x00".join(bodies))
            stream = b"".join(b"Content-Length: %d\r\n\r\n" % len(body) + body for body in bodies)
            write(f"{index:03}-stream", bytes([1 + 2 * (index % 128)]) + stream)
    elif target == "serve":
        # The first byte is the size of each read (0: everything at once).
        for index, data in enumerate(serve_requests()):
            write(f"{index:03}-whole", b"\x00" + data)
            write(f"{index:03}-reads", bytes([1 + index * 7 % 40]) + data)
    else:
        sys.exit(f"fuzz-seeds: unknown target {target}")


if __name__ == "__main__":
    main()
