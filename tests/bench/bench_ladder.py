"""Strength ladder: four-player games with one seat per level, seats rotated.

    python tests/bench/bench_ladder.py [--games 400] [--jobs 2] [--levels hard,normal,easy,random]

Every game seats each level once; the seating rotates every game (and the
board seed changes), so seat order and luck average out. Reports each level's
win rate (shared wins split) and, more sensitive, the head-to-head rate: in
how many games level A finished with more VP than level B (ties count half),
each with a 95% Wilson confidence interval.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from multiprocessing import Pool

from common import fmt_ci, play_timed


def one_game(args):
    gi, levels, variant = args
    n = len(levels)
    seated = [levels[(s + gi) % n] for s in range(n)]
    g, times = play_timed(n, 2000 + gi, variant, seated)
    scores = {e["seat"]: e for e in g.final_scores()}
    return {"game": gi, "levels": seated, "totals": [scores[s]["total"] for s in range(n)],
            "ranks": [scores[s]["rank"] for s in range(n)],
            "think": {lv: sum(ts) for lv, ts in times.items()}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="hard,normal,easy,random")
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--out", default=None, help="also write every game's result as JSON here")
    args = ap.parse_args()
    levels = args.levels.split(",")
    start = time.perf_counter()
    work = [(gi, levels, args.variant) for gi in range(args.games)]
    results = []
    with Pool(args.jobs) as pool:
        for r in pool.imap_unordered(one_game, work):
            results.append(r)
            if len(results) % 25 == 0:
                print(f"  ... {len(results)} games, {time.perf_counter() - start:.0f} s", flush=True)
    wins, think = defaultdict(float), defaultdict(float)
    head = defaultdict(float)
    for r in results:
        firsts = [s for s, k in enumerate(r["ranks"]) if k == 1]
        for s in firsts:
            wins[r["levels"][s]] += 1 / len(firsts)
        for lv, t in r["think"].items():
            think[lv] += t
        for a in range(len(levels)):
            for b in range(len(levels)):
                if a != b:
                    ta, tb = r["totals"][a], r["totals"][b]
                    head[(r["levels"][a], r["levels"][b])] += 1.0 if ta > tb else 0.5 if ta == tb else 0.0
    n = len(results)
    print(f"{n} four-player games ({args.variant}), seats rotated, in {time.perf_counter() - start:.0f} s "
          f"with {args.jobs} processes")
    print("win rate (shared wins split; 25% = even):")
    for lv in levels:
        print(f"  {lv:<7} {fmt_ci(wins[lv], n)}   thinking {think[lv] / n:.2f} s per game")
    print("head to head (share of games with more VP; 50% = even):")
    for a, b in zip(levels, levels[1:]):
        print(f"  {a} vs {b}: {fmt_ci(head[(a, b)], n)}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f)


if __name__ == "__main__":
    main()
