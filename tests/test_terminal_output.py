"""Terminals that do not take UTF-8 (issue 28, point 5): with
PYTHONIOENCODING=ascii or latin-1, or LC_ALL=C PYTHONUTF8=0
PYTHONCOERCECLOCALE=0, --where, --replay, --load and --screenshot with
non-ASCII names or paths ended in a UnicodeEncodeError traceback. What the
terminal cannot take is printed as an escape instead."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hostile_helpers import ROOT

from app.save_format import save_session
from app.session import Seat, Session

TERMINALS = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0",
                 "PYTHONIOENCODING": ""},
}
FOLDER = "Sävé ❤ 龍"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("terminal") / FOLDER
    path.mkdir()
    session = Session.new([Seat("Zoë", "Red"), Seat("Łukasz ❤", "Blue"), Seat("龍", "Green")], seed=3)
    for _ in range(12):
        session.apply(session.game.decision.options[0])
    save_session(session, str(path / "partie à 3.yaml"))
    return path


def run(env, *args):
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env)
    full = {k: v for k, v in full.items() if v != ""}
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *map(str, args)], capture_output=True,
                          timeout=120, cwd=ROOT, env=full)


def printed(result, terminal, code=0):
    """stdout and stderr as the terminal got them: no traceback, only characters it takes."""
    assert b"Traceback" not in result.stderr and b"UnicodeEncodeError" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == code, (result.returncode, result.stderr[-2000:])
    out = result.stdout + result.stderr
    return out.decode("latin-1" if terminal == "latin-1" else "ascii")


@pytest.mark.parametrize("terminal", sorted(TERMINALS))
def test_where_replay_and_load_print_what_the_terminal_takes(folder, terminal):
    env = TERMINALS[terminal]
    where = printed(run(env, "--where", "--save-dir", folder), terminal)
    assert where.startswith(str(folder.parent)) and ("\\u2764" in where or "\\udce2" in where)   # escaped
    save = folder / "partie à 3.yaml"
    assert "Zo" in printed(run(env, "--headless", "--replay", save), terminal)
    assert "12 actions replayed" in printed(run(env, "--headless", "--load", save, "--seed", 1), terminal)
    missing = printed(run(env, "--load", folder / "où.yaml"), terminal, code=2)
    assert missing.startswith("error: cannot load ") and missing.count("\n") == 1


@pytest.mark.parametrize("terminal", ["ascii", "C locale"])
def test_a_screenshot_at_a_non_ascii_path(folder, terminal):
    shot = folder / f"écran {terminal}.png"
    said = printed(run(TERMINALS[terminal], "--screenshot", shot, "--screen", "title", "--steps", 0), terminal)
    assert said.startswith("saved ") and shot.exists() and shot.stat().st_size > 1000
