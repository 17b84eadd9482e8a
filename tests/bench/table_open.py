"""Benchmark: from Start on the title screen to the table's first frame, and
the frames that follow while the rest is drawn when the window is idle.

    python tests/bench/table_open.py [--runs 7] [--actions 30] [--players 4]

Each run is a new process (nothing drawn or cached yet; Python keeps its
compiled modules, as a player's install does: see tools/first_frame.py),
SDL's dummy video and audio drivers (so the sound effects are made, as with a sound card),
1600 x 900, a fresh save folder: the title screen with one human and AI
dragons (normal), Start clicked. Prints per run the CPU time (the whole
process) and wall time from the click until the table's first frame is on
screen, how long the idle work then took to finish (CPU and wall, while the
game goes on), and the frames after the next actions, played in the real
event loop as tests/bench/frame.py plays them (median, p95 and the worst,
CPU of the window's thread); then the medians over the runs.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Python may keep its compiled modules (__pycache__), as it does for a player: an
# environment that forbids it would time the compiling of every module Start imports.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)


def one_run(players, actions, seed):
    """In this process: Start, the first frame, then ``actions`` actions in the event loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from frame import after_action_frames, percentile
    from sprites.app import App, open_window
    from sprites.scenes.table import TableScene
    from sprites.scenes.title import TitleScene
    from sprites.settings import Settings

    folder = tempfile.mkdtemp(prefix="wod-open-")
    screen = open_window((1600, 900))
    app = App(screen, save_dir=folder, settings=Settings.load(folder))
    app.push(TitleScene(app, players=players, seed=seed))
    app.render()
    cpu, wall = time.process_time(), time.perf_counter()
    app.scene.click("button:start")
    app.render()
    first = {"cpu_ms": (time.process_time() - cpu) * 1000, "wall_ms": (time.perf_counter() - wall) * 1000}
    assert isinstance(app.scene, TableScene), f"Start showed {type(app.scene).__name__}"
    table = app.scene

    try:
        from sprites import idle
    except ImportError:                         # the code before idle work (to measure it the same way)
        idle = None
    idle_done = {}
    run = idle and idle.run
    spent = [0.0]

    def timed_run(budget):                     # the idle work's own CPU, and when it was all done
        c = time.thread_time()
        n = run(budget)
        spent[0] += time.thread_time() - c
        if not idle.pending() and not idle_done:
            idle_done.update(cpu_ms=spent[0] * 1000, wall_ms=(time.perf_counter() - wall) * 1000)
        return n
    if idle:
        idle.run = timed_run
    frames_wall, frames_cpu = after_action_frames(app, table, actions, seed)
    if idle:
        idle.run = run
    app.flush_saves(timeout=10)
    pygame.quit()
    return {"first": first, "idle": idle_done or None, "has_idle": idle is not None, "actions": len(frames_cpu),
            "frame_cpu": {"median": statistics.median(frames_cpu), "p95": percentile(frames_cpu, 0.95),
                          "max": max(frames_cpu)},
            "frame_wall_max": max(frames_wall)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--actions", type=int, default=30, help="actions played after the first frame")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(one_run(args.players, args.actions, args.seed)))
        return 0
    print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    results = []
    for k in range(args.runs + 1):                      # the first run warms the disk cache: not counted
        # (and writes the compiled modules)
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", "--players", str(args.players),
                              "--actions", str(args.actions), "--seed", str(args.seed)],
                             capture_output=True, text=True, check=True, env=ENV)
        if k == 0:
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        results.append(r)
        f, i, fc = r["first"], r["idle"], r["frame_cpu"]
        if i:
            idle_text = f"idle work done {i['wall_ms']:.0f} ms after Start ({i['cpu_ms']:.0f} ms CPU)"
        else:
            idle_text = "idle work not done by the last action" if r["has_idle"] else "no idle work (code before it)"
        print(f"  Start -> table's first frame: CPU {f['cpu_ms']:.0f} ms, wall {f['wall_ms']:.0f} ms; {idle_text}; "
              f"frames after {r['actions']} actions: CPU median {fc['median']:.2f} ms, p95 {fc['p95']:.2f} ms, "
              f"worst {fc['max']:.2f} ms (wall worst {r['frame_wall_max']:.2f} ms)")

    def med(get):
        values = [get(r) for r in results if get(r) is not None]
        return statistics.median(values) if values else float("nan")
    print(f"median of {len(results)} runs: Start -> first frame CPU {med(lambda r: r['first']['cpu_ms']):.0f} ms, "
          f"wall {med(lambda r: r['first']['wall_ms']):.0f} ms; idle work "
          f"{med(lambda r: r['idle'] and r['idle']['cpu_ms']):.0f} ms CPU, done "
          f"{med(lambda r: r['idle'] and r['idle']['wall_ms']):.0f} ms after Start; frames after an action: CPU median "
          f"{med(lambda r: r['frame_cpu']['median']):.2f} ms, p95 {med(lambda r: r['frame_cpu']['p95']):.2f} ms, "
          f"worst {med(lambda r: r['frame_cpu']['max']):.2f} ms")
    print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
