"""What the window's first frame does without (issue 39): PyYAML is not
imported before the title is drawn when the texts read at the start - the
rule data, the tutorial, the settings, the saves' headers - are the ones an
earlier start parsed or the game wrote (game.start_cache keeps their parses).
Their documents are the same as a fresh parse's; a text edited by hand is
parsed again; a refused one is never kept; the window imports PyYAML after
its first frame, on its main thread, and keeps the parses for the next start."""
import datetime
import os
import subprocess
import sys

import pytest
from save_helpers import new_session, play_random

from app.save_format import save_session
from game import safe_yaml, start_cache
from sprites.settings import Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A start that ends at its first flip and says whether PyYAML was imported, and which
# games the title's Recent games list shows.
START = """
import os, sys
import pygame
from sprites.scenes import title_recent
shown = []
find = title_recent.RecentGames._find_recent
title_recent.RecentGames._find_recent = lambda self: shown.extend(find(self)) or list(shown)
real = pygame.display.flip

def first_flip():
    real()
    print("yaml" in sys.modules, [info.name for info in shown])
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = first_flip
from wrath_of_dragons import main
main(["--save-dir", sys.argv[1]])
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of its own, and no parse kept in this process from other tests."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(start_cache, "_parses", None)
    monkeypatch.setattr(start_cache, "_used", {})
    return tmp_path / "cache"


def first_frame(save_dir):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", START, str(save_dir)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    imported, shown = r.stdout.split(" ", 1)
    return imported == "True", eval(shown)


def test_the_title_is_drawn_without_pyyaml_when_the_start_read_only_known_texts(tmp_path, cache):
    saves = tmp_path / "saves"
    saves.mkdir()
    assert first_frame(saves) == (True, []), "no cache yet: the rule data is parsed"
    assert first_frame(saves) == (False, []), "the rule data's and the tutorial's parse kept"
    session = new_session(3, seed=5)
    play_random(session, 5, steps=12)
    save_session(session, str(saves / "mine.yaml"), name="Mine")        # as the game writes them
    settings = Settings.load(str(saves))
    settings.players = 3
    assert settings.save() is None
    assert first_frame(saves) == (False, ["Mine"])
    text = (saves / "settings.yaml").read_text(encoding="utf-8")
    (saves / "settings.yaml").write_text(text.replace("players: 3", "players: 5"), encoding="utf-8")
    assert first_frame(saves) == (True, ["Mine"]), "a settings file edited by hand is parsed"


def test_a_kept_parse_is_the_parse(cache, monkeypatch):
    text = "saved: 2026-12-06T10:31:02.5Z\nday: 2026-12-06\nn: [1, 2.5, true, null, 'x']\n3: {a: b}\n"
    fresh = safe_yaml.load(text)
    assert isinstance(fresh["saved"], datetime.datetime) and isinstance(fresh["day"], datetime.date)
    assert start_cache.load_yaml(text) == fresh
    start_cache.keep_parses()
    monkeypatch.setattr(start_cache, "_parses", None)        # as at the next start
    monkeypatch.setattr(start_cache, "_used", {})
    monkeypatch.setattr(safe_yaml, "load", lambda *a: pytest.fail("parsed again"))
    kept = start_cache.load_yaml(text)
    assert kept == fresh and [type(v) for v in kept.values()] == [type(v) for v in fresh.values()]
    assert kept is not start_cache.load_yaml(text), "each caller gets a document of its own"


def test_only_the_last_text_of_a_file_is_kept(tmp_path, cache):
    session = new_session(2, seed=4)
    path = str(tmp_path / "game.yaml")
    kept = []
    for _ in range(3):                      # an autosave after each action
        play_random(session, 1, steps=1)
        save_session(session, path)
        kept.append(set(start_cache._used))
    assert len(kept[0]) == len(kept[1]) == len(kept[2]) == 1 and kept[0] != kept[2]


def test_a_refused_text_is_refused_every_time_and_never_kept(cache):
    for _ in range(2):
        with pytest.raises(safe_yaml.YamlProblem, match="aliases"):
            start_cache.load_yaml("a: &x 1\nb: *x\n")
    assert start_cache._used == {}
    start_cache.load_yaml("a: !!binary aGVsbG8=\n")        # bytes: parsed, not kept
    assert start_cache._used == {}


def test_the_window_imports_pyyaml_after_its_first_frame_and_keeps_the_parses(cache):
    code = ("import sys, sprites.app; assert 'yaml' not in sys.modules; sprites.app.warm_up(); "
            "print('yaml' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, XDG_CACHE_HOME=str(cache)),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["True"], r.stderr[-2000:]
    from sprites.app import warm_up
    start_cache.load_yaml("a: 1")
    assert start_cache.read("parses", {}) is None
    warm_up()
    assert list(start_cache.read("parses", {})) == [start_cache._digest("a: 1")]


@pytest.fixture
def pictures(cache, monkeypatch):
    """sprites.art.kept as at a start: nothing read or drawn yet, in this test's cache folder."""
    import pygame
    from sprites.art import common, kept, pieces
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.display.set_mode((400, 300))

    def fresh_start():
        monkeypatch.setattr(kept, "_state", dict(kept._state, on=True, raw=None, read=None, size=0))
        monkeypatch.setattr(kept, "_used", {})
        common.display_text.cache_clear()
        pieces.dragon_token.cache_clear()
    fresh_start()
    yield fresh_start
    common.clear_caches()
    pygame.display.quit()


def first_frame_pictures():
    import pygame
    from sprites.art import common, pieces
    shown = [common.display_text("Wrath of Dragons", 64, (170, 40, 30), (250, 226, 170)),
             pieces.dragon_token("#c8282d", "R", 50), pieces.dragon_token("#2850c8", "B", 50, rogue=True)]
    return [(p.get_size(), p.get_flags(), pygame.image.tobytes(p, "RGBA")) for p in shown]


def test_the_first_frames_pictures_are_read_back_at_the_next_start_pixel_for_pixel(pictures, monkeypatch):
    from sprites.art import common, kept
    drawn = first_frame_pictures()
    kept.keep()
    assert len(start_cache.read(kept.GROUP, kept._raw())) == 3
    pictures()                                                  # the next start
    monkeypatch.setattr(common, "supersampled", lambda *a: pytest.fail("drawn again"))
    monkeypatch.setattr(common, "display_size", lambda *a: pytest.fail("drawn again"))
    assert first_frame_pictures() == drawn


def test_pictures_are_drawn_again_for_another_font_and_never_kept_with_a_damaged_one(pictures, monkeypatch,
                                                                                    tmp_path):
    from sprites.art import common, kept
    drawn = first_frame_pictures()
    kept.keep()
    other = tmp_path / "other.ttf"
    other.write_bytes(open(common.DISPLAY_FONT, "rb").read() + b"\0")
    monkeypatch.setattr(common, "DISPLAY_FONT", str(other))
    pictures()
    assert kept._read() == {}, "another font file: not what the pictures were drawn with"
    assert first_frame_pictures() == drawn
    monkeypatch.setattr(common, "_face", {"data": None})          # found damaged at this start
    kept.keep()
    assert start_cache.read(kept.GROUP, kept._raw()) is None
