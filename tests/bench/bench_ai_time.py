"""AI thinking time per decision, measured over whole games, with the load average.

    python tests/bench/bench_ai_time.py [--games 4] [--levels normal,hard,expert] [--players 4]
                                        [--table same|easy|mix] [--jobs 1] [--clock wall|cpu]

``--table same`` (the default) seats the measured level at every seat (a
table of four normal dragons, say); ``easy`` seats one dragon of that level
among easy ones (seats rotated); ``mix`` deals the ``--levels`` round the
table (each game rotated), and every level is measured where it sits.
``--players`` takes a count or a range (``2-6``: the games cycle through the
counts). Every decision of a measured seat is timed, forced ones included,
since that is what a player waits for: wall clock (``perf_counter``) and the
CPU time of the thinking thread (``thread_time``). Prints p50 / p90 / p99 /
max in milliseconds per level and per decision kind; for each level its
budget, the decisions over 1.2 and 1.5 times it and the largest ratio; the
load average before, during (the mean of one reading per game) and after.
A level may carry a budget, e.g. ``expert:0.5`` (seconds per decision).
``--clock wall`` (the default) gives the budgets in wall time, as in the
window, so a busy machine leaves them less CPU; ``--clock cpu`` counts them in
each AI's own CPU time, as a quiet machine gives it (the budget line then
compares CPU time with the budget).
"""
from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from multiprocessing import Pool

from common import ai_on_clock, percentile
from game import new_game
from game.ai import make_ai, parse_level

TARGETS_CPU_MS = {"normal": 100, "hard": 300}       # p99 of CPU time per decision (issue 26)
BUDGET_RATIOS = (1.2, 1.5)                          # no decision over 1.2x its budget quiet, 1.5x at load 2


def player_counts(text):
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def seating(table, levels, level, n, gi):
    if table == "same":
        return [level] * n
    if table == "easy":
        return [level if s == gi % n else "easy" for s in range(n)]
    return [levels[(s + gi) % len(levels)] for s in range(n)]


def one_game(job):
    """[(level, kind, wall s, cpu s)] for every decision of a measured seat, and the load average."""
    gi, n, seats, measured, clock = job
    g = new_game(n, seed=500 + gi)
    ais = [ai_on_clock(level, gi * 10 + s, clock) for s, level in enumerate(seats)]
    out = []
    while not g.is_over:
        d = g.decision
        t, c = time.perf_counter(), time.thread_time()
        a = ais[d.player].choose(g, d.player)
        dt, dc = time.perf_counter() - t, time.thread_time() - c
        if seats[d.player] in measured:
            out.append((seats[d.player], d.kind, dt, dc))
        g.apply(a)
    return out, os.getloadavg()[0]


def quantiles(ts):
    ms = [1000 * t for t in ts]
    return " ".join(f"{percentile(ms, p):7.1f}" for p in (0.5, 0.9, 0.99)) + f" {max(ms):7.0f}"


def row(name, wall, cpu):
    return f"  {name:<16}{len(wall):6d}   wall {quantiles(wall)}   cpu {quantiles(cpu)}"


def budget_of(level):
    ai = make_ai(level)
    return getattr(ai, "budget", None)


def report(level, rows, games, table, clock):
    wall, cpu = defaultdict(list), defaultdict(list)
    for _, kind, dt, dc in rows:
        for key in ("*", kind):
            wall[key].append(dt)
            cpu[key].append(dc)
    head = "p50     p90     p99     max"
    seats = {"same": "every seat", "easy": "one seat among easy", "mix": "seats of a mixed table"}[table]
    print(f"{level} ({seats}): {len(wall['*'])} decisions over {games} games, "
          f"{sum(wall['*']) / games:.1f} s thinking per game (all its seats)")
    print(f"  {'kind':<16}{'count':>6}   wall ms {head}   cpu ms {head}")
    print(row("all decisions", wall["*"], cpu["*"]))
    for kind in sorted((k for k in wall if k != "*"), key=lambda k: -sum(wall[k])):
        print(row(kind, wall[kind], cpu[kind]))
    budget = budget_of(level)
    if budget:
        spent = wall["*"] if clock == "wall" else cpu["*"]
        over = [sum(1 for t in spent if t > r * budget) for r in BUDGET_RATIOS]
        worst = max(spent) / budget
        print(f"  budget {1000 * budget:.0f} ms {clock}: " + ", ".join(
            f"{n} over {r}x" for n, r in zip(over, BUDGET_RATIOS)) + f"; the longest {worst:.2f}x")
    target = TARGETS_CPU_MS.get(parse_level(level)[0])
    if target is not None:
        p99 = 1000 * percentile(cpu["*"], 0.99)
        print(f"  target p99 < {target} ms CPU: {'met' if p99 < target else 'NOT met'} ({p99:.0f} ms)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=player_counts, default=[4], help="a count, or a range such as 2-6")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--table", choices=("same", "easy", "mix"), default="same")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="what the time budgets count: wall time (as in the window) or each AI's own CPU time")
    args = ap.parse_args()
    levels = args.levels.split(",")
    for level in levels:
        parse_level(level)
    groups = [levels] if args.table == "mix" else [[level] for level in levels]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores, {args.jobs} job{'s' if args.jobs > 1 else ''}; budgets on the {args.clock} "
          "clock)")
    for measured in groups:
        start = time.perf_counter()
        jobs = []
        for gi in range(args.games):
            n = args.players[gi % len(args.players)]
            jobs.append((gi, n, seating(args.table, levels, measured[0], n, gi), set(measured), args.clock))
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                results = pool.map(one_game, jobs)
        else:
            results = [one_game(job) for job in jobs]
        rows = [r for out, _ in results for r in out]
        loads = [load for _, load in results]
        counts = "-".join(str(c) for c in sorted({args.players[0], args.players[-1]}))
        print(f"\n{args.games} games of {counts} players, {time.perf_counter() - start:.0f} s; load average "
              f"during (per game) {sum(loads) / len(loads):.2f} (max {max(loads):.2f})")
        for level in measured:
            report(level, [r for r in rows if r[0] == level], args.games, args.table, args.clock)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
