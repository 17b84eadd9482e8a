"""Engine throughput: complete games per second with random players, one core.

    python tests/bench/bench_engine.py [--games 300] [--players 4] [--profile]

Random players choose uniformly with Python's own generator (no AI code), so
the figure is the rules engine's speed. --profile prints the top functions.
"""
from __future__ import annotations

import argparse
import random
import time

import common  # noqa: F401  (puts the project on sys.path)
from game import default_data, new_game


def run(games, players, variant):
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        g = new_game(players, seed=seed, variant=variant)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.decision.options))
            decisions += 1
    return time.perf_counter() - start, decisions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    default_data()            # load the YAML once, outside the timing
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.runcall(run, args.games, args.players, args.variant)
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    run(5, args.players, args.variant)          # warm up
    seconds, decisions = run(args.games, args.players, args.variant)
    print(f"{args.games} {args.players}-player {args.variant} games with random players in {seconds:.2f} s")
    print(f"games per second: {args.games / seconds:.1f}")
    print(f"decisions per game: {decisions / args.games:.1f}; decisions per second: {decisions / seconds:.0f}")


if __name__ == "__main__":
    main()
