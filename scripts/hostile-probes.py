#!/usr/bin/env python3
"""The hostile probes of issue 31 ("Trust boundaries"), run against a built `segue` (docs/security.md).

Each probe plays what a flow, a chart, a page or an editor message from someone else would try, and says whether
Segue holds: `hold NAME` or `FAIL NAME: why`. The exit status is 1 when any probe fails.

usage: hostile-probes.py [--segue PATH] [--quick] [--list] [NAME…]
  --segue PATH   the binary (default .build/debug/segue)
  --quick        only the probes that take well under a second each (what `swift test` runs)
  NAME…          only these probes
"""
import json
import re
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
import xml.dom.minidom

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts/lib"))
from probe_clients import LanguageServer, Served  # noqa: E402  (the clients it drives)
SEGUE = os.path.join(ROOT, ".build/debug/segue")
SECRET = "hunter2-probe-secret"
PROBES = []


def probe(quick=True):
    def register(function):
        PROBES.append((function.__name__, quick, function))
        return function
    return register


def write(folder, name, text):
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(text if isinstance(text, bytes) else text.encode())
    return path


def run(arguments, folder, timeout=20, environment=None, stdin=b""):
    """Runs segue; returns (status, stdout + stderr as text, seconds). A signal is a negative status."""
    env = dict(os.environ, SEGUE_PROBE_SECRET=SECRET, XDG_CONFIG_HOME=os.path.join(folder, ".config"), NO_COLOR="1")
    env.pop("SEGUE_API_URL", None)
    env.update(environment or {})
    started = time.monotonic()
    result = subprocess.run([SEGUE, *arguments], cwd=folder, input=stdin, capture_output=True, timeout=timeout,
                            env=env)
    return result.returncode, (result.stdout + result.stderr).decode("utf-8", "replace"), time.monotonic() - started


FLOW = "segue: 1\nflow: f\nstart: main\n{extra}screens:\n  main:\n    elements: []\n"


def flow(extra=""):
    return FLOW.format(extra=extra)


def leaks(text):
    """Why `text` gives away something it must not, or None."""
    for needle, what in [(SECRET, "the environment"), ("root:x:0:0", "/etc/passwd"), ("\x1b", "a raw ESC")]:
        if needle in text:
            return f"the output holds {what}"
    return None


# MARK: files a flow may read


@probe()
def imports_proc_self_environ(folder):
    write(folder, "f.yaml", flow("imports: [/proc/self/environ]\n"))
    status, text, _ = run(["validate", "f.yaml"], folder)
    return leaks(text) or (None if status == 1 and "M008" in text and "outside the project root" in text
                           else f"exit {status}: {text[:200]}")


@probe()
def imports_dot_dot_and_a_linked_folder(folder):
    os.symlink("/etc", os.path.join(folder, "etcdir"))
    for target in ["../../../../../../etc/passwd", "etcdir/passwd"]:
        write(folder, "f.yaml", flow(f"imports: [{target}]\n"))
        status, text, _ = run(["validate", "f.yaml"], folder)
        if leaks(text) or status != 1 or "outside the project root" not in text:
            return f"{target}: exit {status}: {text[:200]}"
    return None


def custom_fixture(path):
    return flow(f"services:\n  s:\n    kind: custom\n    fixture: {path}\n    operations:\n      go: {{}}\n")


@probe()
def fixture_etc_shadow_in_github_format(folder):
    write(folder, "f.yaml", custom_fixture("/etc/shadow"))
    status, text, _ = run(["validate", "--format", "github", "f.yaml"], folder)
    annotations = [line for line in text.splitlines() if line.startswith("::error")]
    return leaks(text) or (None if status == 1 and len(annotations) == 1 and "C004" in text
                           else f"{len(annotations)} annotations, exit {status}: {text[:300]}")


@probe()
def fixture_paths_say_nothing_of_what_exists(folder):
    said = []
    for path in ["/etc/passwd", "/etc/no-such-file-here"]:
        write(folder, "f.yaml", custom_fixture(path))
        _, text, _ = run(["validate", "f.yaml"], folder)
        # The caret under the path is as long as the path: only the words count.
        said.append(re.sub(r"\^~*", "^", text.replace(path, "PATH")))
    return None if said[0] == said[1] else f"the messages differ: {said}"


@probe()
def scxml_data_src_through_a_linked_folder(folder):
    os.symlink("/etc", os.path.join(folder, "etcdir"))
    write(folder, "c.scxml", '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">'
          '<datamodel><data id="x" src="file:etcdir/passwd"/></datamodel><state id="a"/></scxml>')
    status, text, _ = run(["import", "scxml", "c.scxml"], folder)
    return leaks(text) or (None if status != 0 else "imported")


@probe()
def scxml_invoke_src_outside(folder):
    write(folder, "c.scxml", '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">'
          '<state id="a"><invoke src="file:/etc/passwd"/></state></scxml>')
    status, text, _ = run(["import", "scxml", "c.scxml"], folder)
    return leaks(text) or (None if status != 0 and "outside the project root" in text else f"exit {status}: {text}")


# MARK: what a flow may run


MARKER = ("services:\n  m:\n    kind: custom\n    command: [sh, -c, 'touch started; cat']\n"
          "    operations:\n      go: { result: string }\n")
MARKED_FLOW = ("segue: 1\nflow: f\nstart: main\n" + MARKER + "screens:\n  main:\n    on_enter:\n"
               "      - call: m.go\n    elements: []\n")


@probe()
def render_starts_no_command(folder):
    write(folder, "f.yaml", MARKED_FLOW)
    status, text, _ = run(["render", "f.yaml", "--out", "out"], folder, timeout=60)
    if os.path.exists(os.path.join(folder, "started")):
        return "render started the command"
    return None if status == 0 else f"exit {status}: {text[:300]}"


@probe()
def repl_and_serve_refuse_an_untrusted_command(folder):
    write(folder, "f.yaml", MARKED_FLOW)
    for arguments in [["repl", "f.yaml", "--fresh"], ["serve", "f.yaml", "--port", "0"]]:
        status, text, _ = run(arguments, folder)
        if os.path.exists(os.path.join(folder, "started")) or status != 2 or "not trusted" not in text:
            return f"{arguments[0]}: exit {status}: {text[:300]}"
    return None


@probe()
def repl_calls_no_server_a_cloned_config_names(folder):
    write(folder, ".segue/config.json", '{"api_url": "http://127.0.0.1:9/steal"}')
    donate = os.path.join(ROOT, "flows/donate.yaml")
    status, text, _ = run(["repl", donate], folder)
    return None if status == 2 and "not calling the server above" in text else f"exit {status}: {text[:300]}"


# MARK: text from outside on the terminal


@probe()
def control_sequences_in_a_flow_are_escaped(folder):
    write(folder, "f.yaml", "segue: 1\nflow: f\nstart: main\nscreens:\n  main:\n    elements: []\n"
          '    "\\e]0;owned\\a\\e[2J\\e]52;c;aGk=\\a\\e[8m\\u202E": 1\n')
    status, text, _ = run(["validate", "f.yaml"], folder)
    return leaks(text) or ("\u202e" in text and "a raw U+202E") or (
        None if status == 1 and "\\u{1B}" in text else f"exit {status}: {text[:300]}")


@probe()
def scenario_names_and_junit(folder):
    write(folder, "f.yaml", flow())
    write(folder, "s.yaml", 'scenario: "x\\e[2J\\u0001\\u202E"\nflow: f.yaml\nsteps: [launch]\n')
    status, text, _ = run(["test", "s.yaml", "--junit", "j.xml"], folder)
    if leaks(text) or status != 0:
        return leaks(text) or f"exit {status}: {text[:300]}"
    try:
        xml.dom.minidom.parse(os.path.join(folder, "j.xml"))
    except Exception as error:  # any parse failure is the finding
        return f"the JUnit XML is not well-formed: {error}"
    return None


@probe()
def diagrams_start_no_directive(folder):
    title = "t %%{init: {'securityLevel': 'loose'}}%% <img:/etc/passwd> [[http://e.example]] %getenv(\"HOME\")"
    write(folder, "f.yaml", f"segue: 1\nflow: f\ntitle: {json.dumps(title)}\nstart: main\nscreens:\n  main:\n"
          f"    title: {json.dumps(title)}\n    elements: []\n")
    for form, bad in [("mermaid", ["%%{"]), ("plantuml", ["<img", "[[", "%getenv"]), ("dot", [])]:
        status, text, _ = run(["diagram", "f.yaml", "--format", form], folder)
        found = [needle for needle in bad if needle in text]
        if status != 0 or found:
            return f"{form}: exit {status}, holds {found}"
    return None


# MARK: readers


@probe()
def a_fifo_named_yaml_does_not_hang_a_scan(folder):
    write(folder, "flows/f.yaml", flow())
    os.mkfifo(os.path.join(folder, "flows/pipe.yaml"))
    status, text, seconds = run(["validate", "flows"], folder, timeout=15)
    return None if seconds < 5 and "FIFO" in text else f"{seconds:.1f} s, exit {status}: {text[:200]}"


@probe()
def a_one_character_file_name(folder):
    write(folder, "g.yaml", "segue: 1\ntypes:\n  T: { a: string }\n")
    write(folder, "f", flow("imports: [g.yaml]\n"))
    status, text, _ = run(["validate", "f"], folder)
    return None if status in (0, 1) else f"exit {status} (a signal is negative): {text[:200]}"


@probe()
def scxml_entities_and_a_dtd_are_refused(folder):
    entity = "A" * 50_000
    chart = (f'<?xml version="1.0"?><!DOCTYPE scxml [<!ENTITY e "{entity}">]>'
             '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="s">'
             + "<onentry><log expr=\"'&e;'\"/></onentry>" * 1000 + "</state></scxml>")
    write(folder, "c.scxml", chart)
    status, text, seconds = run(["import", "scxml", "c.scxml"], folder)
    return None if status == 1 and "I010" in text and seconds < 5 else f"{seconds:.1f} s, exit {status}: {text[:200]}"


@probe()
def scxml_size_depth_and_attribute_limits(folder):
    big = os.path.join(folder, "big.scxml")
    with open(big, "wb") as handle:
        handle.truncate(200 << 20)  # sparse: nothing is written, the size is what fstat says
    deep = '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">' + "<state>" * 100_000
    write(folder, "deep.scxml", deep + "</state>" * 100_000 + "</scxml>")
    write(folder, "attribute.scxml", '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">'
          f'<state id="a"><transition cond="{"x" * (7 << 20)}" target="a"/></state></scxml>')
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    for name in ["big.scxml", "deep.scxml", "attribute.scxml"]:
        status, text, seconds = run(["import", "scxml", name], folder)
        # The 200 MB file is refused unread, as an I/O problem (exit 2); the others are I011 in the chart.
        refused = "I011" in text or (name == "big.scxml" and status == 2 and "it was not read" in text)
        if status not in (1, 2) or not refused or "bug in the importer" in text or "XML_PARSE_HUGE" in text:
            return f"{name}: exit {status} in {seconds:.1f} s: {text[:200]}"
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return None if peak < 400_000 or peak == before else f"a child peaked at {peak // 1024} MiB"


# MARK: the language server


def initialize(number, root="file:///tmp"):
    return {"jsonrpc": "2.0", "id": number, "method": "initialize", "params": {"rootUri": root, "capabilities": {}}}


@probe()
def lsp_resynchronises_after_junk_and_a_bad_header(folder):
    server = LanguageServer(SEGUE, folder)
    try:
        server.send_raw(b"x" * (10 << 20))  # 10 MB without a blank line
        server.send_raw(b"Content-Type: text/plain\r\n\r\n{}")  # no Content-Length
        server.send_raw(b"Content-Length: many\r\n\r\n")
        started = time.monotonic()
        server.send(initialize(7))
        answer = server.receive(lambda message: message.get("id") == 7)
        seconds = time.monotonic() - started
        return None if answer and "result" in answer and seconds < 5 else f"no answer to initialize ({seconds:.1f} s)"
    finally:
        server.close()


@probe(quick=False)
def lsp_skips_a_message_over_the_limit(folder):
    server = LanguageServer(SEGUE, folder)
    try:
        server.send_raw(b"Content-Length: %d\r\n\r\n" % (100 << 20))
        for _ in range(100):
            server.send_raw(b" " * (1 << 20))
        server.send(initialize(8))
        answer = server.receive(lambda message: message.get("id") == 8, timeout=30)
        return None if answer and "result" in answer else "the message after a 100 MB one was lost"
    finally:
        server.close()


@probe()
def lsp_says_nothing_of_files_outside_the_workspace(folder):
    workspace = os.path.join(folder, "ws")
    write(folder, "secret.yaml", f"segue: 1\ntypes:\n  T: {{ {SECRET}: nonsense }}\n")
    uri = "file://" + workspace + "/f.yaml"
    server = LanguageServer(SEGUE, folder)
    try:
        server.send(initialize(1, "file://" + workspace))
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        text = flow("imports: [../secret.yaml, /etc/passwd]\n")
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/rename", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 2, "character": 8}, "newName": "g"}})
        seen = []
        server.receive(lambda message: seen.append(message) or message.get("id") == 2)
        server.receive(lambda message: seen.append(message) or message.get("method") == "textDocument/publishDiagnostics")
        published = [m["params"]["uri"] for m in seen if m.get("method") == "textDocument/publishDiagnostics"]
        outside = [u for u in published if not u.startswith("file://" + workspace + "/")]
        dumped = json.dumps(seen)
        if outside or SECRET in dumped or "root:x:0:0" in dumped:
            return f"published for {outside}" if outside else "a reply quotes a file outside the workspace"
        return None if published else "no diagnostics published"
    finally:
        server.close()


# MARK: segue serve


def served(body):
    def wrapped(folder):
        server = Served(SEGUE, os.path.join(ROOT, "flows/donate.yaml"), folder)
        try:
            return body(server)
        finally:
            server.close()
    wrapped.__name__ = body.__name__
    return wrapped


@probe()
@served
def serve_refuses_another_host_no_token_and_another_origin(server):
    host = f"127.0.0.1:{server.port}"
    cookie = f"segue-serve-{server.port}={server.token}"
    cases = [
        ({"Host": f"evil.example:{server.port}", "Cookie": cookie}, "/state", 403),
        ({"Host": host}, "/state", 403),
        ({"Host": host}, "/scenario.yaml", 403),
        ({"Host": host, "Cookie": cookie, "Origin": "http://evil.example"}, "/state", 403),
        ({"Host": host, "Cookie": cookie}, "/state", 200),
    ]
    for headers, path, status in cases:
        got = server.get(path, headers).status
        if got != status:
            return f"GET {path} with {headers}: {got}, not {status}"
    first = server.get(f"/?token={server.token}", {"Host": host})
    if first.status != 303 or "HttpOnly" not in (first.getheader("Set-Cookie") or ""):
        return f"the token's redirect: {first.status}"
    page = server.get("/", {"Host": host, "Cookie": cookie})
    policy = (page.getheader("Content-Security-Policy") or "") + (page.getheader("X-Frame-Options") or "")
    return None if "frame-ancestors 'none'" in policy or "DENY" in policy else "the page may be framed"


@probe()
@served
def serve_answers_bare_lf_and_pipelining_at_once(server):
    started = time.monotonic()
    answer = server.raw(f"GET / HTTP/1.1\nHost: 127.0.0.1:{server.port}\n\n".encode())
    if not answer.startswith(b"HTTP/1.1 400") or time.monotonic() - started > 2:
        return f"bare LF: {answer[:40]!r} after {time.monotonic() - started:.1f} s"
    cookie = f"Cookie: segue-serve-{server.port}={server.token}\r\n"
    request = f"GET /state HTTP/1.0\r\n{cookie}\r\n".encode()
    answer = server.raw(request * 2)
    return None if answer.startswith(b"HTTP/1.1 200") and answer.count(b"HTTP/1.1 ") == 1 else f"{answer[:60]!r}"


@probe(quick=False)
@served
def serve_one_client_cannot_starve_the_page(server):
    host = f"Host: 127.0.0.1:{server.port}\r\n"
    cookie = f"Cookie: segue-serve-{server.port}={server.token}\r\n"
    holders = []
    try:
        for _ in range(40):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            connection.sendall(f"GET /events HTTP/1.1\r\n{host}{cookie}\r\n".encode())
            holders.append(connection)
        for _ in range(40):
            holders.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))  # slow: sends nothing
        # Accepted in order: the page's connection comes after every one held above.
        page = server.get("/", {"Host": f"127.0.0.1:{server.port}", "Cookie": cookie.split(": ", 1)[1].strip()})
        return None if page.status == 200 else f"the page answered {page.status}"
    finally:
        for connection in holders:
            connection.close()


def main():
    global SEGUE
    arguments = sys.argv[1:]
    quick = "--quick" in arguments
    if "--segue" in arguments:
        SEGUE = os.path.abspath(arguments[arguments.index("--segue") + 1])
        arguments = [a for a in arguments if a not in ("--segue", arguments[arguments.index("--segue") + 1])]
    if "--list" in arguments:
        for name, is_quick, _ in PROBES:
            print(name + ("" if is_quick else " (slow)"))
        return 0
    names = [a for a in arguments if not a.startswith("--")]
    failed = 0
    for name, is_quick, function in PROBES:
        if (names and name not in names) or (quick and not is_quick):
            continue
        with tempfile.TemporaryDirectory(prefix="segue-probe-") as folder:
            folder = os.path.realpath(folder)
            try:
                why = function(folder)
            except Exception as error:  # a probe that cannot finish is a failure to hold
                why = f"{type(error).__name__}: {error}"
        print(f"hold {name}" if not why else f"FAIL {name}: {why}", flush=True)
        failed += bool(why)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
