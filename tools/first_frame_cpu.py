"""CPU time from starting the game to its first frame (the title screen drawn
and flipped), against a pygame hello-world's, in turn: a figure that other
work on the machine moves much less than the wall time of first_frame.py.

    python tools/first_frame_cpu.py --runs 15
    python tools/first_frame_cpu.py --runs 15 --also ../wt-main     # and another checkout, in turn (before/after)
    python tools/first_frame_cpu.py --runs 10 --stages --also ../wt-main   # where the game's part goes

Each run starts a fresh Python as a player starts the game (its compiled
modules kept, an empty save folder) with SDL's dummy video and audio
drivers, its pygame.display.flip wrapped to print the process's CPU time
(user + system, Python's own start included) at the first flip and end
there. The hello-world imports pygame, opens a 1600 x 900 window, fills it
and flips. Prints each one's median and the ratio to the hello-world's,
pair by pair. ``--stages``: the game's part only (from after ``import
pygame``, which the hello-world pays too, to the first flip), CPU, and the
wall time of its stages: the imports, the rule data read, the tutorial's
script checked, the window opened, the title made, the first frame drawn
(``imports``: the time between those steps, mostly imports).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHILD = """
import os, sys, time
import pygame

def first_flip(*args):
    print(time.process_time())
    sys.stdout.flush()
    os._exit(0)

def stages():                   # the start's steps (wall) and its CPU from here on, printed at the first flip
    t0, c0, marks = time.perf_counter(), time.process_time(), []
    import game.data
    import sprites.app

    def timed(module, name):
        work = getattr(module, name)

        def run(*args, **kw):
            marks.append((name + " (before)", time.perf_counter()))
            try:
                return work(*args, **kw)
            finally:
                marks.append((name, time.perf_counter()))
        setattr(module, name, run)
    for module, name in ((game.data, "load_data"), (sprites.app, "script_problems"),
                         (sprites.app, "open_window"), (sprites.app, "build")):
        timed(module, name)

    def done():
        cpu = time.process_time() - c0
        marks.append(("draw", time.perf_counter()))
        spans, last = {}, t0
        for name, at in marks:
            key = "imports" if name.endswith("(before)") else name
            spans[key] = spans.get(key, 0) + at - last
            last = at
        print(cpu, *(f"{k}={v}" for k, v in spans.items()))
        sys.stdout.flush()
        os._exit(0)
    return done


if sys.argv[1] == "hello":
    pygame.display.flip = first_flip
    pygame.display.init()
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE).fill((40, 28, 20))
    pygame.display.flip()
else:
    real = pygame.display.flip
    sys.path.insert(0, sys.argv[1])
    end = stages() if sys.argv[3:] == ["stages"] else first_flip
    pygame.display.flip = lambda: (real(), end())
    from wrath_of_dragons import main
    main(["--save-dir", sys.argv[2]])
"""
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


CACHES = tempfile.TemporaryDirectory(prefix="first-frame-caches.")


def cpu_to_first_frame(target, stages=False):
    """CPU seconds of a fresh process until its first flip (target: a checkout's folder, or
    "hello"); with ``stages``, of the game's part only, and {stage: wall seconds}. Each
    checkout has a start cache of its own (game.start_cache), filled by the warm-up run
    and kept for this command's runs: two checkouts whose caches' keys differ would
    otherwise replace each other's at every run."""
    env = dict(ENV, XDG_CACHE_HOME=os.path.join(CACHES.name, str(abs(hash(target)))))
    with tempfile.TemporaryDirectory() as saves:
        r = subprocess.run([sys.executable, "-c", CHILD, target, saves, *(["stages"] if stages else [])],
                           cwd=target if target != "hello" else ROOT, env=env, capture_output=True, text=True,
                           timeout=120)
    if not r.stdout.strip():
        raise SystemExit(f"{target}: no first frame (exit code {r.returncode}): {r.stderr[-1000:]}")
    cpu, *spans = r.stdout.split()
    return float(cpu), {k: float(v) for k, v in (span.split("=") for span in spans)}


def ms(values):
    return f"{statistics.median(values) * 1000:.1f} ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--also", metavar="FOLDER", action="append", default=[],
                    help="another checkout of the game, timed in turn too")
    ap.add_argument("--stages", action="store_true", help="the game's part only, step by step")
    args = ap.parse_args()
    targets = {"this checkout": ROOT, **{folder: os.path.abspath(folder) for folder in args.also}}
    if not args.stages:
        targets["hello-world"] = "hello"
    for target in targets.values():
        cpu_to_first_frame(target)                       # warm-up: compiled modules, the disk cache, the start cache
    times = {name: [] for name in targets}
    spans = {name: [] for name in targets}
    for _ in range(args.runs):
        for name, target in targets.items():              # in turn, so that a busier moment hits each
            cpu, steps = cpu_to_first_frame(target, args.stages and target != "hello")
            times[name].append(cpu)
            spans[name].append(steps)
        print("  " + "  ".join(f"{t[-1] * 1000:.0f} ms" for t in times.values()))
    hello = times.get("hello-world")
    for name, t in times.items():
        what = "of the game's part (after import pygame)" if args.stages else "to the first frame"
        line = f"{name}: CPU {what}, median {ms(t)} (min {min(t) * 1000:.1f}, max {max(t) * 1000:.1f}, {len(t)} runs)"
        if hello and t is not hello:
            ratios = [a / b for a, b in zip(t, hello)]
            line += f"; / hello-world, pair by pair: median {statistics.median(ratios):.2f} " \
                    f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
        print(line)
        if args.stages:
            print("  wall, medians: " + ", ".join(f"{k} {ms([s[k] for s in spans[name]])}" for k in spans[name][0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
