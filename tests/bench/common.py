"""Shared helpers for the benchmark scripts (run them with python, not pytest)."""
from __future__ import annotations

import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def wilson(successes, n, z=1.96):
    """95% Wilson score interval for a proportion (works near 0 and 1)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def fmt_ci(successes, n):
    p, lo, hi = wilson(successes, n)
    return f"{p:6.1%}  [95% CI {lo:5.1%} - {hi:5.1%}]  ({successes:g}/{n})"


def fmt_shares(shares):
    """A mean of per-game shares in [0, 1] (e.g. the share of seat pairs one
    level won in a game), with two 95% intervals over games: Wilson's, which
    treats each game's share as a coin (the widest a [0, 1] value can vary),
    and the normal interval from the shares' own spread across games (games
    are independent; the pairs of one game are not)."""
    n = len(shares)
    if n < 2:
        return fmt_ci(sum(shares), n)
    mean = sum(shares) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return f"{fmt_ci(sum(shares), n)}; from the spread: [{mean - half:5.1%} - {mean + half:5.1%}]"


def percentile(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    k = min(len(v) - 1, max(0, int(round(q * (len(v) - 1)))))
    return v[k]


CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def ai_on_clock(level, seed, clock="wall"):
    """The level's AI; with ``clock="cpu"`` the levels that keep a time budget
    count it in their own CPU time (``thread_time``): what a quiet machine
    gives them in wall time, whatever else the machine is doing."""
    from game.ai import BUDGETED, make_ai, parse_level
    if clock == "cpu" and parse_level(level)[0] in BUDGETED:
        return make_ai(level, seed, clock=CLOCKS["cpu"])
    return make_ai(level, seed)


def play_timed(n, seed, variant, levels, ai_seed=0, clock="wall"):
    """Play one AI game; returns (game, {level: [seconds per decision]}), the
    seconds on ``clock`` (see ``ai_on_clock``)."""
    from game import new_game
    g = new_game(n, seed=seed, variant=variant)
    ais = [ai_on_clock(level, ai_seed * 101 + seed * 7 + seat, clock) for seat, level in enumerate(levels)]
    times = {level: [] for level in levels}
    now = CLOCKS[clock]
    while not g.is_over:
        d = g.decision
        t = now()
        a = ais[d.player].choose(g, d.player)
        times[levels[d.player]].append(now() - t)
        g.apply(a)
    return g, times
