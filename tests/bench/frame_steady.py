"""Benchmark: the frame after a move, the same moves in every run, to weigh a change
that frame.py's run-to-run spread (about 1 ms on the shared VM) hides.

frame.py's game (seed 3, 260 random steps, one person and five normal AI dragons,
autosave and animations on) is played on for ``--actions`` moves: the person's
by a seeded choice, each AI dragon's thought out untimed, then applied, shown and
drawn timed (the CPU of the window's thread, from the move to the frame that shows
it), with three frames between moves. Each run is a new process; the runs of the
trees compared (``--vs DIR``: another checkout, run by this script) take turns. Printed, per tree: for
each move the least CPU over the runs, then their median, mean and p95.

    python tests/bench/frame_steady.py --runs 8 [--standings] [--vs ../before]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def one_run(actions, standings):
    """The CPU in ms of each move's frame, in this process (the checkout it runs in: the current folder)."""
    sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "tests", "bench")]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import frame
    from sprites import idle
    from sprites.app import App, open_window
    app = App(open_window(frame.SIZES[0]), animate=True, threaded_ai=False, autosave=True,
              save_dir=tempfile.mkdtemp(prefix="wod-steady-"))
    session = frame.mid_game(3, 260)
    table = app.start_game(session, handoff=False)
    if standings:
        table.standings.toggle()
    app.render()
    idle.finish()
    host, rng, cpu = table.host, random.Random(5), []
    while len(cpu) < actions and not session.game.is_over:
        if table.my_decision():
            i = rng.randrange(len(table.options))
            start = time.thread_time()
            table.apply(i)
        else:                                   # the AI's thinking is not the window's: untimed
            seat = host.ai_to_move()
            action = host._ai(seat).choose(session.game.copy(keep_log=True), seat)
            host._thought = [host.version, seat, action, True, None]
            start = time.thread_time()
            host.advance()
            table.changed()
        app.render()
        cpu.append((time.thread_time() - start) * 1000)
        for _ in range(3):
            app.tick()
            app.dirty = True
            app.render()
    app.flush_saves(timeout=10)
    return cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--actions", type=int, default=60)
    ap.add_argument("--standings", action="store_true", help="with the standings panel open")
    ap.add_argument("--vs", action="append", default=[], help="another checkout to compare (its runs take turns)")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one_run(args.actions, args.standings)))
        return
    here = os.path.dirname(os.path.dirname(HERE))
    trees = [here] + [os.path.abspath(d) for d in args.vs]
    runs = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            cmd = [sys.executable, os.path.abspath(__file__), "--one",
                   "--actions", str(args.actions)] + (["--standings"] if args.standings else [])
            out = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=True).stdout
            runs[tree].append(json.loads(out.strip().splitlines()[-1]))
    for tree, cpu in runs.items():
        n = min(map(len, cpu))
        least = sorted(min(run[k] for run in cpu) for k in range(n))
        print(f"{tree}{' (standings open)' if args.standings else ''}: frame after a move, least CPU of "
              f"{args.runs} runs per move, {n} moves: median {statistics.median(least):.2f} ms, "
              f"mean {statistics.mean(least):.2f} ms, p95 {least[min(n - 1, int(0.95 * n))]:.2f} ms")


if __name__ == "__main__":
    main()
