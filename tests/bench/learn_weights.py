"""Fit the expert's evaluation (``game/ai/learned.py``) on self-play.

    python tests/bench/learn_weights.py --games 600 --jobs 2

Plays four-player games of one level against itself (``--level``, default
normal) and takes every seat's features (``learned.features``) at the start
of each century from the 2nd on, relative to the other seats' average, with
its final VP minus the others' average as the target. For every number of
attack turns left it fits the weights by ridge-regularised least squares and
prints them as the ``WEIGHTS`` table, with the share of the final margins
explained (R^2) on every fifth game held out, next to the hand-set
``evaluate.value`` (the best multiple of it) on the same positions.
"""
from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

import common  # noqa: F401  (puts the project on sys.path)
from game import new_game
from game.ai import evaluate, learned, make_ai

RIDGE = 1.0                # per 1000 positions: keeps weights of features that move together steady


def one_game(job):
    """[(turns left, features, hand-set value)] per seat and century start, and the final margins."""
    gi, level = job
    ais = [make_ai(level, gi * 7 + seat) for seat in range(4)]
    g = new_game(4, seed=90000 + gi)
    century, positions = g.state.century, []
    while not g.is_over:
        d = g.decision
        g.apply(ais[d.player].choose(g, d.player))
        if g.state.century != century and not g.is_over:
            century = g.state.century
            rows = learned.features(g)
            positions += [(evaluate.turns_left(g, s), learned.relative(rows, s), evaluate.value(g, s))
                          for s in range(4)]
    total = {e["seat"]: e["total"] for e in g.final_scores()}
    margins = [total[s] - sum(total[o] for o in range(4) if o != s) / 3 for s in range(4)]
    return gi, [(left, x, hand, margins[k % 4]) for k, (left, x, hand) in enumerate(positions)]


def solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def ridge(xs, ys):
    n = len(xs[0])
    lam = RIDGE * len(ys) / 1000
    a = [[sum(x[i] * x[j] for x in xs) + (lam if i == j else 0.0) for j in range(n)] for i in range(n)]
    return solve(a, [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)])


def r2(pred, ys):
    mean = sum(ys) / len(ys)
    return 1 - sum((p - y) ** 2 for p, y in zip(pred, ys)) / sum((y - mean) ** 2 for y in ys)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="normal")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        games = pool.map(one_game, [(gi, args.level) for gi in range(args.games)])
    print(f"{args.games} games of {args.level} in {time.perf_counter() - start:.0f} s")
    table = {}
    for left in sorted({p[0] for _, ps in games for p in ps}):
        rows = [(gi, x, hand, y) for gi, ps in games for lf, x, hand, y in ps if lf == left]
        fit = [r for r in rows if r[0] % 5]
        held = [r for r in rows if not r[0] % 5]
        w = ridge([x for _, x, _, _ in fit], [y for *_, y in fit])
        learned_r2 = r2([sum(a * b for a, b in zip(w, x)) for _, x, _, _ in held], [y for *_, y in held])
        hs = [h for _, _, h, _ in fit]
        ys = [y for *_, y in fit]
        mh, my = sum(hs) / len(hs), sum(ys) / len(ys)
        scale = sum((h - mh) * (y - my) for h, y in zip(hs, ys)) / sum((h - mh) ** 2 for h in hs)
        hand_r2 = r2([my + scale * (h - mh) for _, _, h, _ in held], [y for *_, y in held])
        print(f"  {left} turns left: {len(rows)} positions; held-out R^2 learned {learned_r2:.3f}, "
              f"hand-set {hand_r2:.3f}")
        table[left] = ridge([x for _, x, _, _ in rows], [y for *_, y in rows])
    print("WEIGHTS = {")
    for left, w in table.items():
        print(f"    {left}: ({', '.join(f'{v:.4f}' for v in w)}),")
    print("}")


if __name__ == "__main__":
    main()
