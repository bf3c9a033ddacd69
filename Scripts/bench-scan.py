#!/usr/bin/env python3
"""Load driver for POST /v1/scans with 12-megapixel phone-like JPEG photos (a benchmark, not a test).

Signs up PLAYERS players on a running service, gives each its own 4000x3000 JPEG of a real
checkpoint code (segno renders the QR, Pillow composes and compresses the photo), then sends
SCANS scans per player from CONCURRENCY threads and reports requests per second and latency
percentiles, end to end (upload, JPEG decode, QR scan, verification, transaction, answer).

    python3 Scripts/bench-scan.py --url http://127.0.0.1:18081 --codes codes.txt

`codes.txt` holds one QR text per line (Scripts/bench-scan.sh makes it with `puzzlemap codes`
and `puzzlemap decode`). Needs the packages in requirements-bench.txt.

With --overload (`make bench-overload`): first the sustainable photo rate (CONCURRENCY photos
in flight, one a decoder), then photos sent at a fixed rate of 1x, 3x and 10x that for
--seconds each, whatever the answers take (an open loop, as a crowd sends them): the accepted
scans' median and p99, the share refused with 503 photo_queue_full, and the service's peak
resident memory (--pid).

With --soak SECONDS (`make bench-soak`): a realistic mix for that long, each kind sent at a fixed
rate whatever the answers take: progress, map and leaderboard reads, typed-code scans, photo
scans well below the sustainable rate, and sign-ins; the service's resident memory sampled every
10 s, with its trend (least squares over the samples after the first minute).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import segno
from PIL import Image, ImageFilter


def call(url: str, method: str, path: str, body: bytes | None = None, content_type: str | None = None,
         token: str | None = None, address: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url + path, data=body, method=method)
    if content_type:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if address:
        # The service trusts the loopback proxy: each player signs in from an address of its own.
        request.add_header("X-Forwarded-For", address)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def photo(text: str, seed: int) -> bytes:
    """A 12 MP photo: the code on paper, turned and placed at random, over a noisy wall."""
    rng = random.Random(seed)
    wall = np.random.default_rng(seed).normal(150, 18, size=(3000, 4000)).clip(0, 255).astype(np.uint8)
    image = Image.fromarray(wall, "L").filter(ImageFilter.GaussianBlur(2)).convert("RGB")
    qr = segno.make(text, error="q", boost_error=False)
    side = rng.randint(900, 1500)
    buffer = io.BytesIO()
    qr.save(buffer, kind="png", scale=max(1, side // (qr.symbol_size()[0])), border=4)
    code = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB").rotate(rng.uniform(-25, 25), expand=True, fillcolor=(235, 235, 230))
    image.paste(code, (rng.randint(0, 4000 - code.width), rng.randint(0, 3000 - code.height)))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.4)))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=88)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True)
    parser.add_argument("--codes", required=True, help="file with one checkpoint QR text per line")
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--scans", type=int, default=5, help="per player (the service allows 10 a minute)")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--overload", action="store_true", help="measure 1x, 3x and 10x the sustainable photo rate")
    parser.add_argument("--seconds", type=float, default=20, help="each overload phase's length")
    parser.add_argument("--photos", type=int, default=24, help="distinct photos the overload players share")
    parser.add_argument("--pid", type=int, help="the service's process, to sample its resident memory")
    parser.add_argument("--soak", type=float, help="run the realistic mix for this many seconds, sampling memory every 10 s")
    args = parser.parse_args()

    codes = [line.strip() for line in open(args.codes) if line.strip()]
    run = random.randrange(1 << 30)
    tokens, photos = [], []
    args.names = []
    for index in range(args.players):
        name = f"bench{run % 100000}x{index}"
        args.names.append(name)
        password = "a long benchmark passphrase"
        address = f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"
        status, _ = call(args.url, "POST", "/v1/accounts", json.dumps({
            "email": f"{name}@student.gla.ac.uk", "username": name, "password": password, "displayName": name,
        }).encode(), "application/json", address=address)
        assert status == 201, status
        status, body = call(args.url, "POST", "/v1/sessions", json.dumps({"login": name, "password": password}).encode(), "application/json",
                            address=address)
        assert status == 200, status
        tokens.append(json.loads(body)["accessToken"])
        if not (args.overload or args.soak) or index < args.photos:
            photos.append(photo(codes[index % len(codes)], run + index))
    if args.overload:
        overload(args, tokens, photos)
        return
    if args.soak:
        soak(args, tokens, photos, codes)
        return
    print(f"{args.players} players, each with its own 4000x3000 JPEG (average {sum(map(len, photos)) // len(photos) // 1024} KiB), "
          f"{args.scans} scans each, concurrency {args.concurrency}")

    def scan(job: tuple[int, int]) -> tuple[float, int, str]:
        player, _ = job
        started = time.perf_counter()
        status, body = call(args.url, "POST", "/v1/scans", photos[player], "image/jpeg", tokens[player])
        outcome = json.loads(body).get("outcome") or json.loads(body).get("code", "?")
        return time.perf_counter() - started, status, outcome

    jobs = [(player, n) for n in range(args.scans) for player in range(args.players)]
    started = time.perf_counter()
    with ThreadPoolExecutor(args.concurrency) as pool:
        results = list(pool.map(scan, jobs))
    elapsed = time.perf_counter() - started
    latencies = sorted(r[0] * 1000 for r in results)
    outcomes: dict[str, int] = {}
    for _, status, outcome in results:
        outcomes[f"{status} {outcome}"] = outcomes.get(f"{status} {outcome}", 0) + 1
    quantiles = statistics.quantiles(latencies, n=100)
    print(f"scans: {len(results)} in {elapsed:.1f} s = {len(results) / elapsed:.1f} scans/s")
    print(f"latency ms: median {statistics.median(latencies):.0f}, p95 {quantiles[94]:.0f}, p99 {quantiles[98]:.0f}, max {latencies[-1]:.0f}")
    print("outcomes:", ", ".join(f"{key}: {value}" for key, value in sorted(outcomes.items())))


def rss_mib(pid: int | None) -> float:
    if pid is None:
        return 0
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0


def overload(args: argparse.Namespace, tokens: list[str], photos: list[bytes]) -> None:
    """The sustainable photo rate, then an open loop at 1x, 3x and 10x of it."""
    turn = iter(range(1 << 40))
    lock = threading.Lock()

    def scan() -> tuple[float, int]:
        with lock:
            n = next(turn)
        # Round robin over the players, so none nears the 10 scans a minute each may make.
        player = n % len(tokens)
        started = time.perf_counter()
        status, _ = call(args.url, "POST", "/v1/scans", photos[n % len(photos)], "image/jpeg", tokens[player])
        return time.perf_counter() - started, status

    peak = [rss_mib(args.pid)]
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.wait(0.5):
            peak[0] = max(peak[0], rss_mib(args.pid))
    threading.Thread(target=sample, daemon=True).start()

    # Sustainable: CONCURRENCY photos in flight, each sent as the last is answered.
    started = time.perf_counter()
    with ThreadPoolExecutor(args.concurrency) as pool:
        closed = list(pool.map(lambda _: scan(), range(max(args.concurrency * 8, int(args.seconds * 2)))))
    sustainable = len(closed) / (time.perf_counter() - started)
    accepted = sorted(latency * 1000 for latency, status in closed if status != 503)
    print(f"photos: {len(photos)} distinct 12 MP JPEGs (average {sum(map(len, photos)) // len(photos) // 1024} KiB) among {len(tokens)} players")
    print(f"sustainable: {sustainable:.2f} photos/s with {args.concurrency} in flight; median {statistics.median(accepted):.0f} ms")
    print("| rate | photos/s sent | sent | read and answered | refused 503 | other | read: median ms | read: p99 ms | refused: p99 ms | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for multiple in (1, 3, 10):
        rate = sustainable * multiple
        count = int(rate * args.seconds)
        results: list[tuple[float, int]] = []
        peak[0] = rss_mib(args.pid)
        with ThreadPoolExecutor(min(400, count)) as pool:
            begin = time.perf_counter()
            futures = []
            for index in range(count):
                # Each photo leaves at its time, answered or not.
                delay = begin + index / rate - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                futures.append(pool.submit(scan))
            results = [future.result() for future in futures]
        # Read and answered: the photo was decoded (a score, a place already visited, a photo
        # already used by another player); refused: 503 before or instead of decoding; other:
        # anything else (429 if a player went past its scans a minute: then add players).
        read = sorted(latency * 1000 for latency, status in results if status in (200, 409))
        refused = sorted(latency * 1000 for latency, status in results if status == 503)
        other = len(results) - len(read) - len(refused)

        def p99(values: list[float]) -> float:
            return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else (values[0] if values else 0)
        print(f"| {multiple}x | {rate:.1f} | {len(results)} | {len(read)} | {len(refused) / len(results):.0%} | {other} | "
              f"{statistics.median(read) if read else 0:.0f} | {p99(read):.0f} | {p99(refused):.0f} | {peak[0]:.0f} |")
        time.sleep(2)
    sampling.set()


def soak(args: argparse.Namespace, tokens: list[str], photos: list[bytes], codes: list[str]) -> None:
    """The realistic mix at fixed rates for --soak seconds; memory every 10 s."""
    # Per second: what a few hundred phones between lectures send.
    rates = {"read": 120.0, "typed scan": 15.0, "photo scan": 4.0, "sign-in": 2.0}
    results: dict[str, list[tuple[float, int]]] = {kind: [] for kind in rates}
    lock = threading.Lock()
    counter = iter(range(1 << 40))
    reads = ["/v1/me/progress", "/v1/map", "/v1/leaderboard?period=week", "/v1/leaderboard?scope=friends"]

    def send(kind: str) -> None:
        with lock:
            n = next(counter)
        token = tokens[n % len(tokens)]
        started = time.perf_counter()
        if kind == "read":
            status, _ = call(args.url, "GET", reads[n % len(reads)], token=token)
        elif kind == "typed scan":
            status, _ = call(args.url, "POST", "/v1/scans", json.dumps({"code": codes[n % len(codes)]}).encode(), "application/json", token)
        elif kind == "photo scan":
            status, _ = call(args.url, "POST", "/v1/scans", photos[n % len(photos)], "image/jpeg", token)
        else:
            index = n % len(tokens)
            status, _ = call(args.url, "POST", "/v1/sessions", json.dumps({"login": args.names[index], "password": "a long benchmark passphrase"}).encode(),
                             "application/json", address=f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}")
        with lock:
            results[kind].append((time.perf_counter() - started, status))

    samples: list[tuple[float, float]] = []
    begin = time.perf_counter()
    stop = threading.Event()

    def sample() -> None:
        while True:
            samples.append((time.perf_counter() - begin, rss_mib(args.pid)))
            if stop.wait(10):
                return
    sampler = threading.Thread(target=sample)
    sampler.start()
    with ThreadPoolExecutor(128) as pool:
        def pace(kind: str, rate: float) -> None:
            for index in range(int(rate * args.soak)):
                delay = begin + index / rate - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                pool.submit(send, kind)
        pacers = [threading.Thread(target=pace, args=item) for item in rates.items()]
        for pacer in pacers:
            pacer.start()
        for pacer in pacers:
            pacer.join()
    stop.set()
    sampler.join()
    samples.append((time.perf_counter() - begin, rss_mib(args.pid)))

    print(f"soak: {args.soak:.0f} s, {len(tokens)} players, {len(photos)} distinct 12 MP photos")
    print("| kind | per second | sent | statuses | median ms | p99 ms |")
    print("|---|---|---|---|---|---|")
    for kind, rate in rates.items():
        done = results[kind]
        statuses: dict[int, int] = {}
        for _, status in done:
            statuses[status] = statuses.get(status, 0) + 1
        latencies = sorted(latency * 1000 for latency, _ in done)
        p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) >= 2 else 0
        print(f"| {kind} | {rate:g} | {len(done)} | {', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))} | "
              f"{statistics.median(latencies):.1f} | {p99:.1f} |")
    print("resident memory, MiB, every 10 s: " + " ".join(f"{rss:.0f}" for _, rss in samples))
    settled = [(t, rss) for t, rss in samples if t >= 60]
    if len(settled) >= 3:
        mean_t = statistics.fmean(t for t, _ in settled)
        mean_r = statistics.fmean(r for _, r in settled)
        slope = sum((t - mean_t) * (r - mean_r) for t, r in settled) / sum((t - mean_t) ** 2 for t, _ in settled)
        print(f"after the first minute: {min(r for _, r in settled):.0f} to {max(r for _, r in settled):.0f} MiB, "
              f"trend {slope * 600:+.1f} MiB per 10 minutes (least squares)")


if __name__ == "__main__":
    main()
