"""AI thinking time per decision, measured over whole games.

    python tests/bench/bench_ai_time.py [--games 4] [--levels normal,hard]

Each game seats the measured level against easy opponents (4 players, seats
rotated); every one of its decisions is timed, forced ones included, since
that is what a player waits for. Prints median, mean, 90th percentile and
maximum in milliseconds, and the slowest decision kinds.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from common import percentile
from game import new_game
from game.ai import make_ai


def measure(level, games, players):
    times, by_kind = [], defaultdict(list)
    for gi in range(games):
        seat_of_level = gi % players
        g = new_game(players, seed=500 + gi)
        ais = [make_ai(level if s == seat_of_level else "easy", gi * 10 + s) for s in range(players)]
        while not g.is_over:
            d = g.decision
            t = time.perf_counter()
            a = ais[d.player].choose(g, d.player)
            dt = time.perf_counter() - t
            if d.player == seat_of_level:
                times.append(dt)
                by_kind[d.kind].append(dt)
            g.apply(a)
    return times, by_kind


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--levels", default="normal,hard")
    args = ap.parse_args()
    for level in args.levels.split(","):
        times, by_kind = measure(level, args.games, args.players)
        ms = [1000 * t for t in times]
        print(f"{level}: {len(ms)} decisions over {args.games} games: median {statistics.median(ms):.1f} ms, "
              f"mean {statistics.mean(ms):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms, max {max(ms):.0f} ms, "
              f"{sum(times) / args.games:.1f} s per game")
        for kind, ts in sorted(by_kind.items(), key=lambda kv: -sum(kv[1]))[:5]:
            print(f"    {kind:<15} {len(ts):4d} decisions  median {1000 * statistics.median(ts):7.1f} ms"
                  f"  max {1000 * max(ts):6.0f} ms")


if __name__ == "__main__":
    main()
