"""Wrath of Dragons - start the game (window) or play headless.

    python main.py                                   # the window
    python main.py --headless --players 4 --seed 1   # random players, print the scores
"""
from __future__ import annotations

import argparse
import sys


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Wrath of Dragons")
    ap.add_argument("--headless", action="store_true", help="play without a window and print the score table")
    ap.add_argument("--players", type=int, default=4, help="number of players (2-6)")
    ap.add_argument("--seed", type=int, default=None, help="seed for shuffles and random choices")
    ap.add_argument("--variant", default="standard",
                    help="standard, strategist, desolation or strategist+desolation")
    ap.add_argument("--ai", metavar="LIST", default=None,
                    help="with --headless: AI level per seat, e.g. hard,normal,easy,random (default random)")
    ap.add_argument("--json", action="store_true", help="with --headless: print the result as JSON")
    ap.add_argument("--load", metavar="FILE", help="continue a saved game (with --headless: play it out randomly)")
    ap.add_argument("--replay", metavar="FILE", help="step through a saved game (with --headless: print it)")
    ap.add_argument("--save-dir", metavar="DIR", default=None,
                    help="folder for saves and the autosave (default: the user's data folder)")
    from sprites.cli import add_window_arguments
    add_window_arguments(ap)
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from game import DataError, default_data
    try:
        default_data()
    except DataError as exc:
        print("Wrath of Dragons cannot start: the data files have problems:", file=sys.stderr)
        for problem in exc.problems:
            print("  " + problem, file=sys.stderr)
        return 2
    args.session = None
    if args.load or args.replay:
        from game.save import SaveError, load_session
        if args.load and args.replay:
            print("error: use --load or --replay, not both", file=sys.stderr)
            return 2
        try:
            args.session = load_session(args.load or args.replay)
        except SaveError as exc:
            print(f"error: cannot load {exc}", file=sys.stderr)
            return 2
    if args.headless:
        return run_saved_headless(args) if args.session else run_headless(args)
    from sprites.app import run
    return run(args)


def run_headless(args):
    import random
    from game import new_game
    from game.headless import play, score_table
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    try:
        g = new_game(args.players, seed=seed, variant=args.variant)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from game.ai.headless import ai_policies, result_dict, seat_levels
    try:
        levels = seat_levels(args.ai, args.players)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    play(g, ai_policies(levels, seed))
    if args.json:
        import json
        print(json.dumps(result_dict(g, levels, seed), indent=2))
        return 0
    print(f"Wrath of Dragons - {args.players} players, seed {seed}, {args.variant}, AI: {','.join(levels)}")
    print(score_table(g))
    return 0


def run_saved_headless(args):
    import random
    from game.saved_cli import continue_randomly, replay_text
    if args.replay:
        print(replay_text(args.session))
        return 0
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    s = args.session
    print(f"Wrath of Dragons - {args.load}: {len(s.actions)} actions replayed; "
          f"continuing with random choices (seed {seed})")
    print(continue_randomly(s, seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
