#!/usr/bin/env python3
"""Load driver for the write paths (a benchmark, not a test): a sign-in surge and scans of
typed codes, against a running service. Scripts/bench-load.sh runs it; the read paths are
measured there with wrk.

    python3 Scripts/bench-load.py --url URL signins --players 1000 --seconds 60 --tokens out.txt
    python3 Scripts/bench-load.py --url URL scans --tokens out.txt --codes codes.txt --seconds 20
                                   [--rate 100 | --follow READER-URL --share 20] [--held held.txt --players names.txt]
    python3 Scripts/bench-load.py --url URL sessions --players names.txt --far SQL --sql out.sql --tokens out.txt

`signins` creates the players first (not timed), then signs each in once, spread evenly over
the given seconds, as a lecture hall does when the hunt is announced; it reports latency
percentiles and every answer that was not 200. `scans` sends JSON code scans from many players
at once, each with its own Idempotency-Key (with --held, every third write plays a held riddle:
three hints, give up, ask again), paced at --rate a second or at one for every --share requests
the instance at --follow answers, and reports writes per second, latency and the answers by kind.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import http.client
import os
import signal
import json
import statistics
import threading
import time
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor

PASSWORD = "a long benchmark passphrase"
# Set by SIGTERM: the writes alongside stop when the reads they accompany are done.
stopping = threading.Event()


class Client:
    """One keep-alive connection per thread, reopened after an error."""

    local = threading.local()

    def __init__(self, url: str) -> None:
        parsed = urllib.parse.urlparse(url)
        self.host, self.port = parsed.hostname, parsed.port

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None,
             headers: dict | None = None) -> tuple[int, bytes]:
        all_headers = dict(headers or {})
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        for attempt in range(2):
            connection = getattr(self.local, "connection", None)
            if connection is None:
                connection = self.local.connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
            try:
                connection.request(method, path, payload, all_headers)
                response = connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, OSError):
                connection.close()
                self.local.connection = None
                if attempt == 1:
                    return 0, b""
        return 0, b""


def report(name: str, latencies: list[float], elapsed: float, statuses: dict[str, int]) -> None:
    latencies = sorted(latencies)
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else latencies * 99
    print(f"{name}: {len(latencies)} requests in {elapsed:.1f} s = {len(latencies) / elapsed:.1f}/s; "
          f"latency ms p50 {quantiles[49]:.0f}, p95 {quantiles[94]:.0f}, p99 {quantiles[98]:.0f}, max {latencies[-1]:.0f}")
    print(f"{name} answers: " + ", ".join(f"{key}: {count}" for key, count in sorted(statuses.items())))


def signins(args: argparse.Namespace) -> None:
    client = Client(args.url)
    names = [f"surge{args.prefix}x{index}" for index in range(args.players)]

    def sign_up(name: str) -> None:
        status, body = client.call("POST", "/v1/accounts", {
            "email": f"{name}@student.gla.ac.uk", "username": name, "password": PASSWORD, "displayName": name,
        })
        assert status == 201, (status, body[:200])

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(sign_up, names))

    interval = args.seconds / args.players
    started = time.perf_counter()
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    tokens: list[str] = []

    def sign_in(index: int) -> None:
        # Each sign-in leaves at its appointed moment, however slow the answers are.
        delay = started + index * interval - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        sent = time.perf_counter()
        status, body = client.call("POST", "/v1/sessions", {"login": names[index], "password": PASSWORD})
        took = (time.perf_counter() - sent) * 1000
        key = str(status) if status == 200 else f"{status} {json.loads(body).get('code', '?') if body else 'no answer'}"
        with lock:
            latencies.append(took)
            statuses[key] = statuses.get(key, 0) + 1
            if status == 200:
                tokens.append(json.loads(body)["accessToken"])

    with ThreadPoolExecutor(args.concurrency) as pool:
        list(pool.map(sign_in, range(args.players)))
    report("sign-in surge", latencies, time.perf_counter() - started, statuses)
    with open(args.tokens, "w") as out:
        out.write("\n".join(tokens) + "\n")


class Pacer:
    """Permits to write: --rate a second, or with --follow one for every --share requests the
    reading instance has answered (its /metrics), counted four times a second. A writer that
    falls behind may catch up by at most a second's permits."""

    def __init__(self, rate: float, follow: str | None, share: int, deadline: float) -> None:
        self.rate, self.share, self.deadline = rate, share, deadline
        self.follow = Client(follow) if follow else None
        self.allowance = 0.0
        self.condition = threading.Condition()

    def answered(self) -> float:
        status, body = self.follow.call("GET", "/metrics")
        if status != 200:
            return 0.0
        return sum(float(line.rsplit(" ", 1)[1]) for line in body.decode().splitlines()
                   if line.startswith("puzzlemap_http_requests_total{"))

    def run(self) -> None:
        last, before = time.perf_counter(), self.answered() if self.follow else 0.0
        while time.perf_counter() < self.deadline and not stopping.is_set():
            time.sleep(0.25)
            now = time.perf_counter()
            if self.follow:
                answered = self.answered()
                earned, before = (answered - before) / self.share, answered
            else:
                earned = self.rate * (now - last)
            last = now
            with self.condition:
                ceiling = max(earned * 4, 1.0)
                self.allowance = min(self.allowance + earned, ceiling)
                self.condition.notify_all()
        with self.condition:
            self.condition.notify_all()

    def take(self) -> bool:
        with self.condition:
            while self.allowance < 1:
                if time.perf_counter() >= self.deadline or stopping.is_set():
                    return False
                self.condition.wait(0.5)
            self.allowance -= 1
            return True


CATEGORIES = ["lab", "lecture", "social"]


class Riddles:
    """With --held, the players holding a riddle play it as players do: three hints, then give
    up and ask for another in the same category; every one of these writes changes what a
    reader of that player keeps (a scan of a place already visited changes nothing)."""

    def __init__(self, held: list[tuple[str, str, str]]) -> None:
        self.players = [{"token": token, "attempt": attempt, "category": category, "hints": 0}
                        for token, attempt, category in held]
        self.lock = threading.Lock()
        self.busy: set[int] = set()

    def write(self, client: Client, n: int) -> str:
        index = n % len(self.players)
        with self.lock:
            if index in self.busy:
                return "riddle skipped (player busy)"
            self.busy.add(index)
            player = dict(self.players[index])
        try:
            if player["attempt"] is None:
                status, body = client.call("POST", "/v1/riddles", {"category": player["category"]}, player["token"])
                kind = "ask"
                if status in (200, 201):
                    player["attempt"], player["hints"] = str(json.loads(body)["riddle"]["id"]), 0
                else:  # nothing open in that category at this hour, or all of it solved: the next
                    player["category"] = CATEGORIES[(CATEGORIES.index(player["category"]) + 1) % len(CATEGORIES)]
            elif player["hints"] < 3:
                status, body = client.call("POST", f"/v1/riddles/{player['attempt']}/hints", {"confirm": True}, player["token"])
                kind = "hint"
                player["hints"] = 3 if status == 409 else player["hints"] + 1
                if status == 404:
                    player["attempt"] = None
            else:
                status, body = client.call("DELETE", f"/v1/riddles/{player['attempt']}", None, player["token"])
                kind = "give up"
                player["attempt"] = None
            with self.lock:
                self.players[index] = player
            return f"{kind} {status} {outcome(body)}"
        finally:
            with self.lock:
                self.busy.discard(index)


def outcome(body: bytes) -> str:
    if not body:
        return "-"
    try:
        answer = json.loads(body)
    except ValueError:
        return "no answer"
    return answer.get("outcome") or answer.get("code") or ("taken" if "hint" in answer else "ok")


def scans(args: argparse.Namespace) -> None:
    client = Client(args.url)
    tokens = [line.strip() for line in open(args.tokens) if line.strip()]
    codes = [line.strip() for line in open(args.codes) if line.strip()]
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    deadline = time.perf_counter() + args.seconds
    counter = iter(range(1 << 62))

    riddles = None
    if args.held:
        token_of = dict(zip((line.strip() for line in open(args.players)), tokens))
        riddles = Riddles([(token_of[name], attempt, category)
                           for name, attempt, category in (line.split() for line in open(args.held) if line.strip())
                           if name in token_of])

    # With --rate or --follow, writes alongside the reads; without, as fast as answers come.
    pacer = Pacer(args.rate, args.follow, args.share, deadline) if args.rate or args.follow else None
    if pacer:
        threading.Thread(target=pacer.run, daemon=True).start()

    signal.signal(signal.SIGTERM, lambda *_: stopping.set())

    def worker(index: int) -> None:
        while time.perf_counter() < deadline and not stopping.is_set():
            if pacer and not pacer.take():
                return
            with lock:
                n = next(counter)
            sent = time.perf_counter()
            if riddles and n % 3 == 2:
                key = riddles.write(client, n // 3)
            else:
                token, code = tokens[n % len(tokens)], codes[(n // len(tokens)) % len(codes)]
                status, body = client.call("POST", "/v1/scans", {"code": code}, token, {"Idempotency-Key": str(uuid.uuid4())})
                key = f"scan {status} {outcome(body)}"
            took = (time.perf_counter() - sent) * 1000
            with lock:
                latencies.append(took)
                statuses[key] = statuses.get(key, 0) + 1

    started = time.perf_counter()
    with ThreadPoolExecutor(args.concurrency) as pool:
        list(pool.map(worker, range(args.concurrency)))
    report("code scans and riddles played" if riddles else "code scans", latencies, time.perf_counter() - started, statuses)


def opens(args: argparse.Namespace) -> None:
    """Each token's first request to each path, once: the phones of a campus that have opened
    the app before the measured minute (their sessions and answers kept by then)."""
    client = Client(args.url)
    tokens = [line.strip() for line in open(args.tokens) if line.strip()]
    statuses: dict[str, int] = {}
    lock = threading.Lock()

    def open_app(token: str) -> None:
        for path in args.paths:
            status, _ = client.call("GET", path, token=token)
            with lock:
                statuses[str(status)] = statuses.get(str(status), 0) + 1

    started = time.perf_counter()
    with ThreadPoolExecutor(args.concurrency) as pool:
        list(pool.map(open_app, tokens))
    print(f"first opens: {len(tokens)} tokens, {' and '.join(args.paths)}, in {time.perf_counter() - started:.1f} s; "
          + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))


def sessions(args: argparse.Namespace) -> None:
    """SQL that opens a session for each seeded player named, with the access tokens the
    service's PUZZLEMAP_TOKEN_KEY hashes to what it stores: sign-ins without Argon2."""
    key = base64.b64decode(os.environ["PUZZLEMAP_TOKEN_KEY"])
    names = [line.strip() for line in open(args.players) if line.strip()]
    tokens, rows = [], []
    for name in names:
        token = f"bench-{name}-{uuid.uuid4().hex}"
        digest = hmac.new(key, token.encode(), hashlib.sha256).hexdigest()
        tokens.append(token)
        rows.append(f"((SELECT id FROM player WHERE username = '{name}'), 'bench-{name}', '{digest}', 'refresh-{digest}', "
                    f"{args.far}, {args.far}, {args.far})")
    with open(args.sql, "w") as out:
        for start in range(0, len(rows), 500):
            out.write("INSERT INTO session (playerId, familyId, accessHash, refreshHash, accessExpiresAt, refreshExpiresAt, createdAt) VALUES\n"
                      + ",\n".join(rows[start:start + 500]) + ";\n")
    with open(args.tokens, "w") as out:
        out.write("\n".join(tokens) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    surge = commands.add_parser("signins")
    surge.add_argument("--players", type=int, default=1000)
    surge.add_argument("--seconds", type=float, default=60)
    surge.add_argument("--concurrency", type=int, default=64)
    surge.add_argument("--prefix", default=str(int(time.time()) % 100000))
    surge.add_argument("--tokens", required=True, help="where to write the access tokens")
    scan = commands.add_parser("scans")
    scan.add_argument("--tokens", required=True)
    scan.add_argument("--codes", required=True, help="one checkpoint QR text per line")
    scan.add_argument("--seconds", type=float, default=20)
    scan.add_argument("--concurrency", type=int, default=16)
    scan.add_argument("--rate", type=float, default=0, help="writes a second in all (0: as fast as answered)")
    scan.add_argument("--follow", help="the reading instance's URL: write once for every --share requests it answers")
    scan.add_argument("--share", type=int, default=20)
    scan.add_argument("--held", help="'username attempt-id category' per line: riddles held, every third write plays one")
    scan.add_argument("--players", help="the usernames of --tokens, in the same order (with --held)")
    first = commands.add_parser("opens")
    first.add_argument("--tokens", required=True)
    first.add_argument("--concurrency", type=int, default=16)
    first.add_argument("paths", nargs="+")
    opened = commands.add_parser("sessions")
    opened.add_argument("--players", required=True, help="one seeded username per line")
    opened.add_argument("--far", required=True, help="the SQL for an expiry far ahead")
    opened.add_argument("--sql", required=True, help="where to write the INSERTs")
    opened.add_argument("--tokens", required=True, help="where to write the access tokens, in the same order")
    args = parser.parse_args()
    {"signins": signins, "scans": scans, "opens": opens, "sessions": sessions}[args.command](args)


if __name__ == "__main__":
    main()
