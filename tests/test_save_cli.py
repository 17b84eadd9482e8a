"""main.py with saves: --load / --replay of a bad file exit 2 with one line on
stderr naming the file (the file untouched); good files continue or replay."""
import os
import subprocess
import sys

import pytest
from save_helpers import new_session, play_random

from app.save_format import save_session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    s = new_session(3, seed=4)
    play_random(s, 2, steps=50)
    path = tmp_path_factory.mktemp("saves") / "mid game.yaml"
    save_session(s, path)
    return path


@pytest.mark.parametrize("flags", [["--load"], ["--headless", "--load"], ["--replay"], ["--headless", "--replay"]])
def test_bad_file_exits_2_with_one_line(tmp_path, flags):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nsettings: !!python/object/apply:os.system ['echo owned']\n")
    before = bad.read_bytes()
    r = run(*flags, bad)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert str(bad) in lines[0] and "Python objects" in lines[0]
    assert "Traceback" not in r.stderr and "owned" not in r.stdout
    assert bad.read_bytes() == before


def test_missing_file_exits_2(tmp_path):
    r = run("--headless", "--load", tmp_path / "gone.yaml")
    assert r.returncode == 2 and r.stderr.strip().endswith("gone.yaml: no such file")


def test_headless_load_plays_to_the_end(saved):
    before = saved.read_bytes()
    r = run("--headless", "--load", saved, "--seed", 3)
    assert r.returncode == 0, r.stderr
    assert "50 actions replayed" in r.stdout and ("Winner:" in r.stdout or "Shared victory:" in r.stdout)
    assert saved.read_bytes() == before
    assert run("--headless", "--load", saved, "--seed", 3).stdout == r.stdout


def test_headless_replay_prints_every_action(saved):
    r = run("--headless", "--replay", saved)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].strip().startswith("1 ") and any(line.strip().startswith("50 ") for line in lines)
    assert "saved before the end" in lines[-1]


def test_headless_replay_of_an_unfinished_game_keeps_other_seats_hidden_choices_hidden(tmp_path):
    """Playtest: `--headless --replay` of an unfinished solo game printed the AI dragons' face-down
    Awakening discards ("Cora: Discard Valiant Knight (Germania)") that its player had not seen;
    the window's replay of the same file says "a choice only Cora sees". Phase 2: Awakening: "each
    player selects 1 card to discard"; the engine keeps these face down until every dragon has
    chosen (a house reading, docs/rules-notes.md). The printout shows what the window's replay shows."""
    import random
    from app.session import Seat, Session
    from test_ui_replay_eyes import secrets
    from ui_helpers import DRAGONS, NAMES
    seats = [Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], "easy") for i in (1, 2)]
    session = Session.new(seats, seed=7)
    rng = random.Random(7)
    g = session.game
    while not (g.state.century >= 2 and secrets(g) and g.decision.player == 0 and g.decision.kind == "discard"):
        session.apply(rng.choice(g.decision.options))
        assert not g.is_over, "no Awakening with another seat's discard still face down"
    path = tmp_path / "solo.yaml"
    save_session(session, path)
    r = run("--headless", "--replay", path)
    assert r.returncode == 0, r.stderr
    hidden = [words for seat_words in secrets(g).values() for words in seat_words]
    assert hidden and not [w for w in hidden if w in r.stdout], [w for w in hidden if w in r.stdout]
    assert "a choice only" in r.stdout
    assert f"{NAMES[0]}: Discard " in r.stdout              # the player's own discards are named (century 1's)
