#!/usr/bin/env python3
"""Load driver for POST /v1/scans with 12-megapixel phone-like JPEG photos (a benchmark, not a test).

Signs up PLAYERS players on a running service, gives each its own 4000x3000 JPEG of a real
checkpoint code (segno renders the QR, Pillow composes and compresses the photo), then sends
SCANS scans per player from CONCURRENCY threads and reports requests per second and latency
percentiles, end to end (upload, JPEG decode, QR scan, verification, transaction, answer).

    python3 Scripts/bench-scan.py --url http://127.0.0.1:18081 --codes codes.txt

`codes.txt` holds one QR text per line (Scripts/bench-scan.sh makes it with `puzzlemap codes`
and `puzzlemap decode`). Needs the packages in requirements-bench.txt.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import segno
from PIL import Image, ImageFilter


def call(url: str, method: str, path: str, body: bytes | None = None, content_type: str | None = None,
         token: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url + path, data=body, method=method)
    if content_type:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
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
    args = parser.parse_args()

    codes = [line.strip() for line in open(args.codes) if line.strip()]
    run = random.randrange(1 << 30)
    tokens, photos = [], []
    for index in range(args.players):
        name = f"bench{run % 100000}x{index}"
        password = "a long benchmark passphrase"
        status, _ = call(args.url, "POST", "/v1/accounts", json.dumps({
            "email": f"{name}@student.gla.ac.uk", "username": name, "password": password, "displayName": name,
        }).encode(), "application/json")
        assert status == 201, status
        status, body = call(args.url, "POST", "/v1/sessions", json.dumps({"login": name, "password": password}).encode(), "application/json")
        assert status == 200, status
        tokens.append(json.loads(body)["accessToken"])
        photos.append(photo(codes[index % len(codes)], run + index))
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


if __name__ == "__main__":
    main()
