#!/usr/bin/env python3
"""A custom service for tests, speaking Segue's JSON-lines protocol (docs/services.md) on stdin/stdout.

Operations: search {query} -> ok list of titles (an error for an empty query); seen -> ok the requests and cancels
received so far; slow -> no answer until cancelled; crash -> exits with status 3; silent -> never answers;
garbage -> writes a line that is not JSON. Every request is also reported on stderr.
"""
import json
import sys

BOOKS = ["The Swift Programming Language", "Swift in Depth", "Crafting Interpreters"]
seen = []


def answer(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    ident = request["id"]
    if request.get("cancel"):
        seen.append(f"cancel {ident}")
        print(f"cancelled request {ident}", file=sys.stderr, flush=True)
        continue
    op, args = request["op"], request.get("args", {})
    seen.append(f"{op} {ident}")
    print(f"{op} {json.dumps(args, ensure_ascii=False, sort_keys=True)}", file=sys.stderr, flush=True)
    if op == "search":
        query = str(args.get("query", "")).lower()
        if not query:
            answer({"id": ident, "error": {"code": "empty_query", "message": "Type something to search for"}})
        else:
            answer({"id": ident, "ok": [title for title in BOOKS if query in title.lower()]})
    elif op == "seen":
        answer({"id": ident, "ok": seen})
    elif op == "crash":
        print("the index is corrupt", file=sys.stderr, flush=True)
        sys.exit(3)
    elif op == "garbage":
        sys.stdout.write("Traceback (most recent call last): not JSON\n")
        sys.stdout.flush()
    # slow and silent: no answer
