"""Names and texts must have something visible (issue 28, point 4): a
printable but zero-width name (U+FE0F, U+034F, U+E0100) in settings.yaml
crashed the title at start; in a save it loaded, then the table crashed
("Text has zero width"); a zero-width title or text in data/tutorial.yaml
passed the check, then crashed when drawn. The drawing code never crashes on
a rendering that is empty."""
from __future__ import annotations

import pytest
import yaml
from save_helpers import new_session, play_random
from ui_helpers import make_app, redraw

import pygame

from app.save_format import SaveError, document_text, load_session, session_document
from game.plaintext import name_problem
from sprites import theme
from sprites.art import common
from sprites.scenes.title import TitleScene
from sprites.settings import Settings

ZERO_WIDTH = ["\ufe0f", "\u034f", "\U000e0100", "\u200b", "\u200d\u200d", "\ufe0f\u034f", "\u3164", " \u0301 "]


@pytest.mark.parametrize("name", ZERO_WIDTH)
def test_a_name_that_shows_nothing_is_refused(name):
    from game.plaintext import visible
    assert not visible(name)
    assert "shows" in name_problem(name)
    assert name_problem("e\u0301") is None and name_problem("Ash\ufe0f") is None    # a mark on a letter is fine


@pytest.mark.parametrize("name", ZERO_WIDTH[:3])
def test_settings_with_a_zero_width_name_start_the_title(tmp_path, name):
    (tmp_path / "settings.yaml").write_text(yaml.safe_dump(
        {"players": 3, "seats": [{"name": name, "dragon": "Red", "kind": "human"}]}, allow_unicode=True),
        encoding="utf-8")
    settings = Settings.load(str(tmp_path))
    assert settings.notice and "seats" in settings.notice and settings.seats[0]["name"] == "Ash"
    app = make_app(tmp_path, settings=settings, size=(1100, 650))
    app.push(TitleScene(app))
    redraw(app)                                           # crashed: Text has zero width


@pytest.mark.parametrize("name", ZERO_WIDTH[:3])
def test_a_save_with_a_zero_width_name_is_refused_in_one_line(tmp_path, name):
    s = new_session(3, seed=4)
    play_random(s, 1, steps=15)
    doc = session_document(s, "zero")
    old = doc["settings"]["seats"][1]["name"]
    doc["settings"]["seats"][1]["name"] = name
    doc["state"]["players"][1]["name"] = name
    doc["summary"]["players"][1] = name
    path = tmp_path / "zero.yaml"
    path.write_text(document_text(doc), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_session(str(path))
    assert "players[1]" in str(err.value) and "shows" in str(err.value) and old not in str(err.value)


@pytest.mark.parametrize("key", ["title", "text"])
def test_a_zero_width_tutorial_title_or_text_is_refused(tmp_path, key):
    from game.data import DataError
    from app import tutorial_script as tutorial
    doc = yaml.safe_load(open(tutorial.os.path.join(tutorial.DATA_DIR, tutorial.FILE), encoding="utf-8"))
    doc["steps"][2][key] = "\ufe0f\u034f"
    bad = tmp_path / "tutorial.yaml"
    bad.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as err:
        tutorial.load_script(str(bad))
    assert err.value.problems == [f"data/tutorial.yaml: steps[2].{key}: must be text with something that shows"]


def test_drawing_text_that_renders_empty_never_crashes():
    make_app(None)
    surface = pygame.Surface((400, 200))
    for s in ZERO_WIDTH[:4]:
        theme.blit_text(surface, s, 22, (10, 10))
        theme.blit_text(surface, s, 12, (10, 10), width=100)                 # small text: drawn at 2x
        theme.blit_text(surface, s, 22, (10, 10), background=(250, 240, 214))
        theme.blit_wrapped(surface, f"{s} {s}", 22, pygame.Rect(0, 0, 200, 100))
        theme.button(surface, pygame.Rect(0, 0, 120, 40), s, 22)
        common.display_text(s, 30)
        common.outlined_text(s, 24, (255, 255, 255), display=True)
        common.render(common.display_font(30), s, (0, 0, 0))
