"""Desolation of the Old World with four AI dragons playing as a team.

    python tests/bench/bench_desolation.py [--games 40] [--level hard] [--jobs 2]

Prints the average Survival Points left on the board (lower is better; 16 or
fewer is "Dawn of the Dark Ages") and the distribution of Levels of Destruction.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from multiprocessing import Pool

from common import play_timed


def one_game(args):
    gi, level, players = args
    g, _ = play_timed(players, 3000 + gi, "desolation", [level] * players)
    r = g.desolation()
    return r["survival_points"], r["level"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, [(gi, args.level, args.players) for gi in range(args.games)])
    sp = [r[0] for r in results]
    print(f"{args.games} Desolation games, {args.players} x {args.level}, in {time.perf_counter() - start:.0f} s")
    print(f"Survival Points: mean {statistics.mean(sp):.1f}, median {statistics.median(sp)}, "
          f"min {min(sp)}, max {max(sp)} (stdev {statistics.pstdev(sp):.1f})")
    for name, k in Counter(r[1] for r in results).most_common():
        print(f"  {name:<30} {k}")


if __name__ == "__main__":
    main()
