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
    else:
        sys.exit(f"fuzz-seeds: unknown target {target}")


if __name__ == "__main__":
    main()
