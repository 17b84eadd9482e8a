"""The window's title is drawn before the engine is imported (issue 39): the
start needs of it only the AI levels' names (game.ai_levels, which game.ai
uses too), the action kinds' names for the tutorial's script (game.kind_names:
kept in the start cache, keyed by the modules that declare them) and a save
header's check (app.save_check, whose state checks import the engine where
they run). The engine is imported right after the first frame, on the main
thread (sprites.app.warm_up), never first by a thread."""
import os
import shutil
import subprocess
import sys

import pytest
from save_helpers import new_session, play_random

from app.save_format import save_session
from app.tutorial_script import load_script
from game import kind_names, start_cache
from game.data import DATA_DIR, DataError
from sprites.settings import Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = ("game.engine", "game.flow", "game.phases.attack", "game.ai", "app.host", "app.session")

# A real start: which of the engine's modules were imported at its first flip, and after the
# window's warm-up (and whether that ran on the main thread); the games Recent games shows.
START = """
import os, sys, threading
import pygame
import sprites.app
from sprites.scenes import title_recent
ENGINE = %r
shown, at_flip = [], []
find = title_recent.RecentGames._find_recent
title_recent.RecentGames._find_recent = lambda self: shown.extend(find(self)) or list(shown)
real_flip, real_warm_up = pygame.display.flip, sprites.app.warm_up

def flip():
    real_flip()
    if not at_flip:
        at_flip.append([m for m in ENGINE if m in sys.modules])

def warm_up():
    real_warm_up()
    print(repr((at_flip[0], [m for m in ENGINE if m in sys.modules],
                threading.current_thread() is threading.main_thread(), sorted(i.name for i in shown))))
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = flip
sprites.app.warm_up = warm_up
from wrath_of_dragons import main
main(["--save-dir", sys.argv[1]])
""" % (ENGINE,)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "wrath-of-dragons"


def start(save_dir):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", START, str(save_dir)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip(), r.stderr[-2000:]
    return eval(r.stdout)


def test_the_title_is_drawn_before_the_engine_is_imported_and_it_is_imported_right_after(tmp_path, cache):
    saves = tmp_path / "saves"
    saves.mkdir()
    session = new_session(3, seed=5)
    play_random(session, 5, steps=12)
    save_session(session, str(saves / "mine.yaml"), name="Mine")       # sealed, as the game writes them
    text = (saves / "mine.yaml").read_text(encoding="utf-8")
    (saves / "edited.yaml").write_text(text.replace("name: Mine", "name: Edited", 1), encoding="utf-8")
    settings = Settings.load(str(saves))
    settings.seats[1]["kind"] = "expert"
    assert settings.save() is None
    first = start(saves)
    assert first[1:] == (list(ENGINE), True, ["Edited", "Mine"]), first
    at_flip, after, main_thread, shown = start(saves)      # the action kinds' names kept by the first start
    assert at_flip == [], f"imported before the title's first frame: {at_flip}"
    assert (after, main_thread, shown) == (list(ENGINE), True, ["Edited", "Mine"])


def test_the_kept_action_kind_names_are_the_engines(cache, monkeypatch):
    from game.flow import KINDS
    assert kind_names.action_kind_names() == tuple(sorted(KINDS))
    assert start_cache.read(kind_names.GROUP, kind_names.sources()) == tuple(sorted(KINDS))
    monkeypatch.setattr(start_cache, "write", lambda *a: pytest.fail("written again"))
    assert kind_names.action_kind_names() == tuple(sorted(KINDS))


def test_the_names_are_asked_of_the_engine_again_when_a_module_that_declares_kinds_changed(cache, monkeypatch):
    kind_names.action_kind_names()
    start_cache.write(kind_names.GROUP, kind_names.sources(), ("fly_away",))         # as kept by another version
    assert kind_names.action_kind_names() == ("fly_away",)
    real = kind_names.sources
    monkeypatch.setattr(kind_names, "sources", lambda: dict(real(), **{"phases/lair.py": b"# changed\n"}))
    from game.flow import KINDS
    assert kind_names.action_kind_names() == tuple(sorted(KINDS))
    monkeypatch.setattr(kind_names, "sources", lambda: None)           # (a bundle: no sources to key them by)
    monkeypatch.setattr(start_cache, "read", lambda *a: pytest.fail("read"))
    assert kind_names.action_kind_names() == tuple(sorted(KINDS))


def test_a_script_with_an_unknown_action_kind_stops_the_start_with_the_names_kept(cache, tmp_path, monkeypatch,
                                                                                capsys):
    import app.tutorial_script
    from sprites.app import script_problems
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / "tutorial.yaml"
    text = path.read_text(encoding="utf-8")
    assert "do: [place]" in text
    path.write_text(text.replace("do: [place]", "do: [placing]", 1), encoding="utf-8")
    monkeypatch.setattr(app.tutorial_script, "DATA_DIR", str(folder))
    kind_names.action_kind_names()                                      # kept, as by an earlier start
    assert (cache / f"{kind_names.GROUP}.cache").is_file()
    with pytest.raises(DataError) as err:
        load_script(str(path))
    assert len(err.value.problems) == 1 and "unknown action kind 'placing'" in err.value.problems[0]
    assert script_problems() == 2                                       # what the start does with it: exit 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "Wrath of Dragons cannot start: the data files have problems:"
    assert len(lines) == 2 and "unknown action kind 'placing'" in lines[1], lines
