#!/usr/bin/env python3
"""Generates the example media the seed flows use: the donor photo and Pictone's sample voices.

Everything is synthesized here (standard library only), never downloaded, so the files are reproducible:
    python3 scripts/make-examples.py
"""
import math, os, random, struct, wave, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write_png(path, width, height, pixel):
    rows = b"".join(b"\x00" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as out:
        out.write(png)


def portrait(x, y):
    """A soft gradient with a round 'face' in the middle: a stand-in for a donor's photo."""
    cx, cy = 320, 220
    inside = (x - cx) ** 2 + (y - cy) ** 2 < 120 ** 2
    if inside:
        return (236, 196, 160)
    return (40 + x * 120 // 640, 90 + y * 100 // 480, 200 - x * 80 // 640)


def voice(path, text, pitch, seed, rate=11025):
    """A voice-like signal: one syllable per vowel group, a pitched glottal buzz through two formants."""
    rng = random.Random(seed)
    syllables = max(2, sum(1 for word in text.split() for _ in [0]) + text.count(",") )
    duration = 0.22 * len(text.split()) + 0.3
    frames = int(duration * rate)
    samples = []
    phase = 0.0
    for n in range(frames):
        t = n / rate
        position = t / duration * syllables
        envelope = max(0.0, math.sin(math.pi * (position % 1.0))) ** 0.8
        f0 = pitch * (1 + 0.06 * math.sin(2 * math.pi * 4.5 * t)) * (1.05 - 0.1 * t / duration)
        phase += 2 * math.pi * f0 / rate
        buzz = sum(math.sin(k * phase) / k for k in range(1, 12))
        formant = 0.6 * math.sin(2 * math.pi * (650 + 200 * math.sin(position)) * t) + 0.4 * math.sin(2 * math.pi * 1250 * t)
        value = 0.35 * envelope * (0.7 * buzz / 2.0 + 0.3 * buzz * formant / 2.0) + 0.004 * (rng.random() - 0.5)
        samples.append(max(-32767, min(32767, int(value * 32767))))
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(struct.pack("<%dh" % len(samples), *samples))


LINES = {
    "h1": ("To be, or not to be, that is the question.", 120),
    "h2": ("Good my lord, how does your honour for this many a day?", 210),
    "h3": ("I humbly thank you; well, well, well.", 120),
    "h4": ("My lord, I have remembrances of yours.", 210),
    "c1": ("Good morning! What can I get you?", 190),
    "c2": ("A flat white, please.", 130),
    "c3": ("Coming right up.", 190),
}

if __name__ == "__main__":
    os.makedirs(os.path.join(ROOT, "flows/donate"), exist_ok=True)
    os.makedirs(os.path.join(ROOT, "examples/pictone/voices"), exist_ok=True)
    write_png(os.path.join(ROOT, "flows/donate/photo.png"), 640, 480, portrait)
    for index, (line, (text, pitch)) in enumerate(sorted(LINES.items())):
        voice(os.path.join(ROOT, f"examples/pictone/voices/{line}.wav"), text, pitch, seed=index)
