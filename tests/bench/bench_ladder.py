"""Strength ladder: AI levels against each other, seats rotated.

    python tests/bench/bench_ladder.py [--games 400] [--jobs 2] [--levels hard,normal,easy,random]
    python tests/bench/bench_ladder.py --pair expert,hard [--players 4] [--games 200]
    python tests/bench/bench_ladder.py --pair hard,normal --first 300 --games 300 --with earlier.json

``--first N`` starts at game N (games are numbered; game N always has the
same board seed and seating), and ``--with FILE`` adds the games of an
earlier ``--out`` to the report: a run can be extended without replaying it.
The ``--out`` file is written after every game, so a run stopped early keeps
its games (``--games 0 --with FILE`` reports them).
``--clock cpu`` (the default) has the levels that keep a time budget count it
in their own CPU time, as a quiet machine gives it to them in wall time, so
that other work on the machine does not change the games; ``--clock wall``
counts wall time, as in the window. Thinking times are printed on that clock.

``--levels``: every game seats each level once (as many players as levels).
``--pair A,B``: head-to-head games, seats A B A B ... (``--players``, 2 to 6).
The seating rotates every game (and the board seed changes), so seat order
and luck average out. A level may carry the expert's time budget per
decision, e.g. ``expert:0.5``. Reports each level's win rate (shared wins
split) and, more sensitive, the head-to-head rate: the share of pairs of
seats (one of each level, same game) in which level A finished with more VP
than level B (ties count half), each with a 95% Wilson confidence interval
(games counted as the samples: the pairs of one game are not independent);
the head-to-head rate also with the normal interval from the spread of the
per-game shares, which is narrower when games are often split.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from collections import defaultdict
from multiprocessing import Pool

from common import fmt_ci, fmt_shares, play_timed


def seating(args, gi):
    if args.pair:
        a, b = args.pair
        base = [(a, b)[s % 2] for s in range(args.players)]
    else:
        base = args.levels
    n = len(base)
    return [base[(s + gi) % n] for s in range(n)]


def one_game(job):
    gi, seated, variant, clock = job
    n = len(seated)
    g, times = play_timed(n, 2000 + gi, variant, seated, clock=clock)
    scores = {e["seat"]: e for e in g.final_scores()}
    return {"game": gi, "levels": seated, "totals": [scores[s]["total"] for s in range(n)],
            "ranks": [scores[s]["rank"] for s in range(n)],
            "think": {lv: sum(ts) for lv, ts in times.items()}}


def head_to_head(r, a, b):
    """Share of (a seat, b seat) pairs of one game in which a had more VP (ties half)."""
    ta = [t for lv, t in zip(r["levels"], r["totals"]) if lv == a]
    tb = [t for lv, t in zip(r["levels"], r["totals"]) if lv == b]
    return sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in ta for y in tb) / (len(ta) * len(tb))


def earlier_games(paths, played, levels):
    """The games of earlier ``--out`` files, checked to be other games of the same levels."""
    out = []
    for path in paths:
        with open(path) as f:
            games = json.load(f)
        for r in games:
            if r["game"] in played or set(r["levels"]) != levels:
                raise SystemExit(f"{path}: game {r['game']} is played again here or seats other levels")
            played.add(r["game"])
        out += games
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="hard,normal,easy,random")
    ap.add_argument("--pair", default=None, help="A,B: head-to-head games, seats alternating A and B")
    ap.add_argument("--players", type=int, default=4, help="with --pair: players per game")
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--out", default=None, help="also write every game's result as JSON here")
    ap.add_argument("--first", type=int, default=0, help="number of the first game played")
    ap.add_argument("--with", dest="earlier", action="append", default=[],
                    help="an earlier --out file whose games join the report (same levels)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="what the time budgets count: each AI's own CPU time (as on a quiet machine), or wall time")
    args = ap.parse_args()
    args.levels = args.levels.split(",")
    if args.pair:
        args.pair = args.pair.split(",")
        if len(args.pair) != 2 or not 2 <= args.players <= 6:
            ap.error("--pair takes two levels, and --players 2 to 6")
    levels = list(args.pair or args.levels)
    start = time.perf_counter()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; time budgets on the "
          f"{args.clock} clock", flush=True)
    work = [(gi, seating(args, gi), args.variant, args.clock) for gi in range(args.first, args.first + args.games)]
    results = []
    with Pool(args.jobs) as pool:
        for r in pool.imap_unordered(one_game, work):
            results.append(r)
            if args.out:            # after every game: a run stopped early keeps what it played
                with open(args.out, "w") as f:
                    json.dump(results, f)
            if len(results) % 25 == 0:
                print(f"  ... {len(results)} games, {time.perf_counter() - start:.0f} s, load average "
                      f"{os.getloadavg()[0]:.2f}", flush=True)
    results += earlier_games(args.earlier, {r["game"] for r in results}, set(levels))
    wins, think, seats = defaultdict(float), defaultdict(float), defaultdict(int)
    for r in results:
        firsts = [s for s, k in enumerate(r["ranks"]) if k == 1]
        for s in firsts:
            wins[r["levels"][s]] += 1 / len(firsts)
        for lv in r["levels"]:
            seats[lv] += 1
        for lv, t in r["think"].items():
            think[lv] += t
    n = len(results)
    players = len(results[0]["levels"]) if results else 0
    seated = ','.join(results[0]["levels"]) if results else ''
    now = (f"{len(work)} played now (games {args.first} to {args.first + len(work) - 1}) "
           f"in {time.perf_counter() - start:.0f} s with {args.jobs} processes" if work else "all from earlier runs")
    numbers = sorted(r["game"] for r in results)
    print(f"{n} {players}-player games ({args.variant}), seats {seated} rotated; {now}"
          + (f"; games {numbers[0]} to {numbers[-1]}" if numbers else ""))
    print(f"win rate (shared wins split; {1 / max(1, players):.0%} per seat = even):")
    for lv in levels:
        per_seat = seats[lv] / max(1, n)
        print(f"  {lv:<11} {fmt_ci(wins[lv] / per_seat if per_seat else 0, n)}"
              f"   thinking {think[lv] / max(1, seats[lv]):.2f} s per seat and game")
    print("head to head (share of seat pairs with more VP; 50% = even):")
    for a, b in zip(levels, levels[1:]):
        print(f"  {a} vs {b}: {fmt_shares([head_to_head(r, a, b) for r in results])}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
