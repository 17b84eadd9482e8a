"""Tune the evaluation weights (``game/ai/evaluate.py``) by self-play.

    python tests/bench/tune_weights.py --level normal --games 200 --jobs 1 \\
        --try LIFE_WEIGHT=0.2,0.45 --try RIVAL_MAX=0.3,0.9
    python tests/bench/tune_weights.py --level normal --games 300 --jobs 2 --learned

For every value tried, four-player games seat the level with that one weight
changed against the same level with the current weights (seats A B A B,
rotated each game, board seeds shared across values). Prints the share of
A-B seat pairs in which the changed weight finished with more VP (ties
half), with a 95% Wilson interval: above 50% means the change plays better.
``--learned`` instead seats the level judging with the learned evaluation
(``game/ai/learned.py``, the expert's) against the same level with the
hand-set one.
"""
from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from common import fmt_shares
from game import new_game
from game.ai import evaluate, learned, make_ai


class Weighted:
    """An AI that thinks with some evaluation weights changed (module globals
    are swapped for the duration of its own choice: one process, one choice at
    a time)."""

    def __init__(self, ai, weights):
        self.ai, self.weights = ai, weights

    def choose(self, g, seat):
        saved = {k: getattr(evaluate, k) for k in self.weights}
        for k, v in self.weights.items():
            setattr(evaluate, k, v)
        try:
            return self.ai.choose(g, seat)
        finally:
            for k, v in saved.items():
                setattr(evaluate, k, v)


def one_game(args):
    gi, level, weights, players = args
    tuned = [(s + gi) % 2 == 0 for s in range(players)]
    if weights is None:              # --learned: the tuned seats judge with the learned evaluation
        ais = [make_ai(level, gi * 11 + s) for s in range(players)]
        for ai, t in zip(ais, tuned):
            if t:
                ai.judge = learned.value
    else:
        ais = [Weighted(make_ai(level, gi * 11 + s), weights if t else {}) for s, t in enumerate(tuned)]
    g = new_game(players, seed=4000 + gi)
    while not g.is_over:
        d = g.decision
        g.apply(ais[d.player].choose(g, d.player))
    total = {e["seat"]: e["total"] for e in g.final_scores()}
    a = [total[s] for s in range(players) if tuned[s]]
    b = [total[s] for s in range(players) if not tuned[s]]
    return sum((x > y) + 0.5 * (x == y) for x in a for y in b) / (len(a) * len(b))


def parse_try(text):
    name, _, values = text.partition("=")
    if not hasattr(evaluate, name):
        raise SystemExit(f"unknown weight {name!r}")
    return name, [float(v) for v in values.split(",")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="normal")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--try", dest="tries", action="append", type=parse_try, default=[])
    ap.add_argument("--learned", action="store_true", help="the learned evaluation against the hand-set one")
    args = ap.parse_args()
    if not args.tries and not args.learned:
        ap.error("give --try NAME=v1,v2 or --learned")
    with Pool(args.jobs) as pool:
        if args.learned:
            start = time.perf_counter()
            shares = pool.map(one_game, [(gi, args.level, None, args.players) for gi in range(args.games)])
            print(f"learned evaluation vs hand-set: {fmt_shares(shares)}  ({time.perf_counter() - start:.0f} s)",
                  flush=True)
        for name, values in args.tries:
            for v in values:
                start = time.perf_counter()
                shares = pool.map(one_game, [(gi, args.level, {name: v}, args.players)
                                             for gi in range(args.games)])
                print(f"{name} {getattr(evaluate, name)} -> {v}: {fmt_shares(shares)}"
                      f"  ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
