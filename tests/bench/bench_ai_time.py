"""AI thinking time per decision, measured over whole games.

    python tests/bench/bench_ai_time.py [--games 8] [--levels normal,hard] [--players 4]

Each game seats the measured level against easy opponents (seats rotated);
every one of its decisions is timed, forced ones included, since that is what
a player waits for. Prints p50 / p90 / p99 / max in milliseconds, wall clock
and CPU time of the thinking process, per level and per decision kind.
A level may carry a budget, e.g. ``expert:0.5`` (seconds per decision).
"""
from __future__ import annotations

import argparse
import time
from collections import defaultdict

from common import percentile
from game import new_game
from game.ai import make_ai

TARGETS_MS = {"normal": 100, "hard": 500}          # p99 wall-clock targets (issue 11)


def measure(level, games, players):
    wall, cpu = defaultdict(list), defaultdict(list)      # kind -> seconds ("*" = all)
    for gi in range(games):
        seat_of_level = gi % players
        g = new_game(players, seed=500 + gi)
        ais = [make_ai(level if s == seat_of_level else "easy", gi * 10 + s)
               for s in range(players)]
        while not g.is_over:
            d = g.decision
            t, c = time.perf_counter(), time.process_time()
            a = ais[d.player].choose(g, d.player)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            if d.player == seat_of_level:
                for key in ("*", d.kind):
                    wall[key].append(dt)
                    cpu[key].append(dc)
            g.apply(a)
    return wall, cpu


def row(name, wall, cpu):
    def q(ts):
        ms = [1000 * t for t in ts]
        return " ".join(f"{percentile(ms, p):7.1f}" for p in (0.5, 0.9, 0.99)) + f" {max(ms):7.0f}"
    return f"  {name:<16}{len(wall):6d}   wall {q(wall)}   cpu {q(cpu)}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--levels", default="normal,hard")
    args = ap.parse_args()
    head = "p50     p90     p99     max"
    for level in args.levels.split(","):
        start = time.perf_counter()
        wall, cpu = measure(level, args.games, args.players)
        print(f"{level}: {len(wall['*'])} decisions over {args.games} {args.players}-player games vs easy, "
              f"{sum(wall['*']) / args.games:.1f} s thinking per game ({time.perf_counter() - start:.0f} s run)")
        print(f"  {'kind':<16}{'count':>6}   wall ms {head}   cpu ms {head}")
        print(row("all decisions", wall["*"], cpu["*"]))
        for kind in sorted((k for k in wall if k != "*"), key=lambda k: -sum(wall[k])):
            print(row(kind, wall[kind], cpu[kind]))
        target = TARGETS_MS.get(level)
        if target is not None:
            p99 = 1000 * percentile(wall["*"], 0.99)
            print(f"  target p99 < {target} ms wall: {'met' if p99 < target else 'NOT met'} ({p99:.0f} ms)")


if __name__ == "__main__":
    main()
