"""Make the README's picture of the table, docs/table.png, with the game's own
--screenshot (no display needed):

    python tools/readme_picture.py [OUT.png]

A four-player game after 85 random legal steps of seed 3: the third
century's attack phase, dragons on the map, a hand and the track in view.
"""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICTURE = os.path.join(ROOT, "docs", "table.png")
ARGS = ("--players", "4", "--seed", "3", "--steps", "85", "--size", "1280x720")


def command(out):
    return [sys.executable, os.path.join(ROOT, "main.py"), "--screenshot", out, *ARGS]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else PICTURE
    return subprocess.run(command(out), cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
