"""Shared by the hostile-input tests: a real save's text, and running main.py
in a child process."""
import os
import subprocess
import sys

from save_helpers import new_session, play_random

from app.save_format import document_text, session_document

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def small_save_text(seed=3, steps=40, n=3):
    """The text of a save of an n-player game after ``steps`` random steps."""
    s = new_session(n, seed=seed)
    play_random(s, seed, steps=steps)
    return document_text(session_document(s, "corpus"))


def run_main(*args, timeout=60, env=None):
    full_env = dict(os.environ, SDL_VIDEODRIVER="dummy", **(env or {}))
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=full_env)


def one_line_error(result):
    """The single stderr line of a refused command (exit code 2, no traceback)."""
    assert result.returncode == 2, (result.returncode, result.stdout[-500:], result.stderr[-2000:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    assert "\x1b" not in result.stderr and "\x1b" not in result.stdout
    return lines[0]
