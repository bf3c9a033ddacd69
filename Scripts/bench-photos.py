#!/usr/bin/env python3
"""Runs the photo decode benchmark's decoders over a synthesised set and prints the table.

Called by Scripts/bench-photos.sh, which makes the set and pins this process (and so every
decoder it starts) to one CPU. Every picture is given to each decoder in its own process, one
decoder after the other, and the wall time of that process is measured here (start to exit,
nothing subtracted): that is the fair comparison, since each pays for starting up, reading the
file and decoding the JPEG. Our decoder is also run once over all files (`decode --json` with
every path), whose `ms` is the in-process time of image decoding plus scanning.

A picture counts as read when a decoder returns the expected text exactly; "wrong" is a
decoder returning some other text, "none" returning nothing.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict

TOOLS = ["ours", "zbarimg", "zxing"]


def run_timed(argv: list[str], timeout: float) -> tuple[float, str, int]:
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout)
        out, rc = done.stdout.decode("utf-8", "replace"), done.returncode
    except subprocess.TimeoutExpired:
        out, rc = "", -999
    return (time.perf_counter() - start) * 1000, out, rc


def parse_ours(out: str) -> tuple[list[str], str | None]:
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            record = json.loads(line)
            if "error" in record:
                return [], record["error"].get("code", "error")
            return record.get("codes", []), None
    return [], "no output"


def parse_zbar(out: str) -> list[str]:
    # --raw prints each symbol's text followed by a newline; our payloads have no newlines.
    return [line for line in out.split("\n") if line]


def parse_zxing(out: str) -> list[str]:
    codes = []
    for line in out.splitlines():
        if line.startswith("Text:"):
            text = line[len("Text:"):].strip()
            if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
                text = text[1:-1]
            codes.append(text)
    return codes


def outcome(codes: list[str], expected: str, error: str | None = None, rc: int = 0) -> str:
    if rc == -999:
        return "timeout"
    if error:
        return "error"
    if expected in codes:
        return "ok"
    return "wrong" if codes else "none"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", required=True, help="folder with index.csv and the pictures")
    parser.add_argument("--ours", required=True, help="path of the puzzlemap binary")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per process")
    parser.add_argument("--results", help="write one JSON line per picture and decoder here")
    args = parser.parse_args()

    with open(os.path.join(args.set, "index.csv"), newline="") as f:
        pictures = list(csv.DictReader(f))
    paths = [os.path.join(args.set, p["file"]) for p in pictures]

    commands = {
        "ours": lambda path: [args.ours, "decode", "--json", path],
        "zbarimg": lambda path: ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path],
        "zxing": lambda path: ["ZXingReader", "-format", "QRCode", path],
    }
    rows = []
    started = time.perf_counter()
    for i, (picture, path) in enumerate(zip(pictures, paths)):
        for tool in TOOLS:
            wall, out, rc = run_timed(commands[tool](path), args.timeout)
            error = None
            if tool == "ours":
                codes, error = parse_ours(out)
            elif tool == "zbarimg":
                codes = parse_zbar(out)
            else:
                codes = parse_zxing(out)
            rows.append({"file": picture["file"], "category": picture["category"], "tool": tool,
                         "wall_ms": round(wall, 2), "codes": codes, "error": error,
                         "outcome": outcome(codes, picture["expected"], error, rc)})
        if (i + 1) % 25 == 0:
            print(f"  {i + 1}/{len(pictures)} pictures, {time.perf_counter() - started:.0f} s", file=sys.stderr)

    # One process over every file: the in-process time our decoder reports.
    batch = {}
    done = subprocess.run([args.ours, "decode", "--json", *paths], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, timeout=args.timeout * len(paths))
    for line in done.stdout.decode().splitlines():
        record = json.loads(line)
        batch[os.path.basename(record["file"])] = record
    for picture in pictures:
        record = batch.get(picture["file"], {})
        codes = record.get("codes", [])
        rows.append({"file": picture["file"], "category": picture["category"], "tool": "ours-batch",
                     "in_process_ms": record.get("ms"), "codes": codes, "error": record.get("error"),
                     "outcome": outcome(codes, picture["expected"], record.get("error"))})

    if args.results:
        with open(args.results, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    report(pictures, rows)
    return 0


def fmt_time(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):6.0f} {percentile(values, 0.95):6.0f}"


def report(pictures: list[dict], rows: list[dict]) -> None:
    by = defaultdict(list)
    for row in rows:
        by[(row["category"], row["tool"])].append(row)
        by[("overall", row["tool"])].append(row)
    categories = list(dict.fromkeys(p["category"] for p in pictures)) + ["overall"]

    def rate(rs):
        ok = sum(r["outcome"] == "ok" for r in rs)
        wrong = sum(r["outcome"] == "wrong" for r in rs)
        cell = f"{ok}/{len(rs)} {100 * ok / max(1, len(rs)):.0f}%"
        return cell + (f" w{wrong}" if wrong else "")

    print()
    print("Decode rate (exact text) and time per picture in ms, median and p95.")
    print("wall = one process per picture, start to exit, pinned to one CPU (nothing subtracted);")
    print("in-proc = our `ms` (image decode + scan) from one `decode --json` over all files.")
    print("wN = N pictures read as the wrong text.")
    print()
    head = (f"{'category':<13} {'ours':<15}{'wall med  p95':>14} {'in-proc med p95':>16}   "
            f"{'zbarimg':<15}{'wall med  p95':>14}   {'ZXingReader':<15}{'wall med  p95':>14}")
    print(head)
    print("-" * len(head))
    for c in categories:
        ours, batch = by[(c, "ours")], by[(c, "ours-batch")]
        zbar, zxing = by[(c, "zbarimg")], by[(c, "zxing")]
        in_proc = [r["in_process_ms"] for r in batch if r.get("in_process_ms") is not None]
        print(f"{c:<13} {rate(ours):<15}{fmt_time([r['wall_ms'] for r in ours]):>14} {fmt_time(in_proc):>16}   "
              f"{rate(zbar):<15}{fmt_time([r['wall_ms'] for r in zbar]):>14}   "
              f"{rate(zxing):<15}{fmt_time([r['wall_ms'] for r in zxing]):>14}")
        if c == categories[-2]:
            print("-" * len(head))

    disagree = [r["file"] for r, b in zip(by[("overall", "ours")], by[("overall", "ours-batch")])
                if r["outcome"] != b["outcome"]]
    if disagree:
        print(f"\nOur per-process and batch runs disagree on {len(disagree)} picture(s) "
              f"(the 1.5 s scan budget is wall-clock): {', '.join(disagree)}")

    print("\nOur failures by kind (per-process run), and how many of them the others read:")
    fails = defaultdict(lambda: defaultdict(int))
    others = defaultdict(lambda: [0, 0])
    outcome_of = {(r["file"], r["tool"]): r["outcome"] for r in rows}
    for r in by[("overall", "ours")]:
        if r["outcome"] != "ok":
            fails[r["category"]][r["outcome"]] += 1
            others[r["category"]][0] += outcome_of[(r["file"], "zbarimg")] == "ok"
            others[r["category"]][1] += outcome_of[(r["file"], "zxing")] == "ok"
    for c in categories[:-1]:
        if fails[c]:
            kinds = ", ".join(f"{k} {v}" for k, v in sorted(fails[c].items()))
            print(f"  {c:<13} {kinds:<24} zbarimg read {others[c][0]}, ZXingReader read {others[c][1]}")
    if not any(fails.values()):
        print("  none")


if __name__ == "__main__":
    sys.exit(main())
