#!/usr/bin/env python3
"""Live streams' figures for the closing notes and the README (a benchmark, not a test).

1. Idle streams: one `puzzlemap serve` (SQLite) holds STREAMS open `GET /v1/me/events` streams
   (4 a player, the most a player keeps); its resident memory is read from /proc before and
   after, and the difference divided by the streams gives the memory per stream.
2. Across instances (with --postgres-url): two instances on one PostgreSQL; a stream on B, and
   EVENTS friend requests made on A (each declined, then asked again); the time from sending a
   request to A to its event arriving on B, median and p99.

    Scripts/bench-events.py --bin .build/release/puzzlemap [--streams 1000] [--postgres-url URL] [--events 200]
"""
import argparse, json, os, resource, select, shutil, socket, statistics, subprocess, sys, tempfile, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

PASSWORD = "correct horse battery"


def start(binary, data, port, extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PUZZLEMAP_")}
    env.update({"PUZZLEMAP_HOST": "127.0.0.1", "PUZZLEMAP_PORT": str(port), "PUZZLEMAP_DATA_DIR": data,
                "PUZZLEMAP_CAMPUS_DIR": "Campus", "PUZZLEMAP_RIDDLES_DIR": "Riddles", "PUZZLEMAP_LOG_LEVEL": "warning",
                "PUZZLEMAP_EMAIL_DOMAINS": "student.gla.ac.uk", "PUZZLEMAP_PUBLIC_URL": f"http://127.0.0.1:{port}"})
    env.update(extra or {})
    os.makedirs(data, exist_ok=True)
    process = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(data, "log"), "w"))
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1)
            return process
        except Exception:
            time.sleep(0.1)
    raise SystemExit("the service did not start")


def call(port, method, path, body=None, token=None, address=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if address:
        # The idle-streams service trusts the loopback "proxy": players sign in from many addresses,
        # as they do through the campus's proxies, so the per-address sign-in limit is not what is measured.
        request.add_header("X-Forwarded-For", address)
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read()
        return json.loads(text) if text else {}


def player(port, name, address=None):
    call(port, "POST", "/v1/accounts", {"email": f"{name}@student.gla.ac.uk", "username": name, "password": PASSWORD, "displayName": name},
         address=address)
    return call(port, "POST", "/v1/sessions", {"login": name, "password": PASSWORD}, address=address)["accessToken"]


def open_stream(port, token):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(f"GET /v1/me/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(4096)
    if not head.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"a stream was refused: {head[:200]!r}")
    return connection


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])


def idle_streams(binary, streams):
    work = tempfile.mkdtemp()
    port = 18391
    server = start(binary, os.path.join(work, "data"), port, {"PUZZLEMAP_TRUSTED_PROXIES": "127.0.0.1"})
    try:
        players = (streams + 3) // 4
        print(f"signing up {players} players ...", file=sys.stderr)
        with ThreadPoolExecutor(4) as pool:
            tokens = list(pool.map(lambda i: player(port, f"p{i:05d}", f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"), range(players)))
        time.sleep(1)
        before = rss_kib(server.pid)
        connections = [open_stream(port, tokens[i // 4]) for i in range(streams)]
        time.sleep(2)
        after = rss_kib(server.pid)
        print(f"idle streams: {len(connections)} open; resident memory {before // 1024} MiB before, {after // 1024} MiB after: "
              f"{(after - before) / len(connections):.1f} KiB a stream")
        for connection in connections:
            connection.close()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


def across_instances(binary, url, events):
    work = tempfile.mkdtemp()
    a_port, b_port = 18392, 18393
    extra = {"PUZZLEMAP_DATABASE_URL": url}
    a = start(binary, os.path.join(work, "a"), a_port, extra)
    b = start(binary, os.path.join(work, "b"), b_port, extra)
    try:
        ada, bob = player(a_port, "ada"), player(a_port, "bob")
        stream = open_stream(b_port, ada)
        stream.setblocking(False)
        times = []
        for _ in range(events):
            sent = time.monotonic()
            answer = call(a_port, "POST", "/v1/friends/requests", {"username": "ada"}, bob)
            received = b""
            while b"event: friend_request" not in received:
                ready, _, _ = select.select([stream], [], [], 10)
                if not ready:
                    raise SystemExit("an event did not arrive on B within 10 s")
                received += stream.recv(65536)
            times.append(time.monotonic() - sent)
            call(a_port, "POST", f"/v1/friends/requests/{answer['requestId']}/decline", token=ada)
        times.sort()
        print(f"across instances: {len(times)} events from a request on A to the event on B: median {statistics.median(times) * 1000:.1f} ms, "
              f"p99 {times[int(len(times) * 0.99) - 1] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms")
    finally:
        for process in (a, b):
            process.terminate()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/release/puzzlemap")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--postgres-url")
    parser.add_argument("--events", type=int, default=200)
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the service inherits it
    idle_streams(os.path.abspath(args.bin), args.streams)
    if args.postgres_url:
        across_instances(os.path.abspath(args.bin), args.postgres_url, args.events)


if __name__ == "__main__":
    main()
