"""Loading a save from the title screen (issue 13 follow-ups): the save is
parsed in a worker thread while the window stays responsive and says
"Loading" (Esc cancels); Recent games show which seats are AI dragons."""
import os
import re
import threading

import pygame
import pytest
from ui_helpers import DrawnText, click, finish_loading, make_app, press, redraw

from app import save_format
from app.save_folder import autosave, read_header
from app.session import Seat, Session
from sprites.scenes.title import TitleScene

SEATS = [Seat("Ash", "Black", "human"), Seat("Bryn", "Blue", "normal"), Seat("Cora", "Green", "hard")]


@pytest.fixture
def folder(tmp_path):
    session = Session.new(SEATS, seed=4)
    autosave(session, str(tmp_path), "autosave-20260101-120000-4.yaml")
    return tmp_path


@pytest.fixture
def slow_parse(monkeypatch):
    """Loading a save (after the list of saves read its header) waits until
    the test opens the gate (at most 10 s)."""
    gate = threading.Event()
    real = save_format.session_from_document

    def slow(doc):
        gate.wait(10)
        return real(doc)
    monkeypatch.setattr(save_format, "session_from_document", slow)
    return gate


def tables(app):
    return [s for s in app.stack if type(s).__name__ in ("TableScene", "HandOffScene")]


def test_a_slow_save_loads_while_the_window_stays_responsive(folder, slow_parse, monkeypatch):
    drawn = DrawnText(monkeypatch)
    app = make_app(folder)
    app.push(TitleScene(app, seed=1))
    click(app, "recent:0", wait=False)
    title = app.scene
    assert isinstance(title, TitleScene) and title.opening is not None, "the click must not wait for the file"
    drawn.clear()
    redraw(app)
    assert any(s.startswith("Loading") for s in drawn.strings()) and "Cancel (Esc)" in drawn.strings()
    cancel = title.element_point("button:cancel_loading")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cancel, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    assert title.hover == "button:cancel_loading"          # the window answers while the file is parsed
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720))
    app.pump()
    assert title.opening is not None and not tables(app)
    slow_parse.set()
    finish_loading(app)
    assert tables(app) and tables(app)[-1].host.session.seats[1].kind == "normal"


def test_esc_cancels_a_load(folder, slow_parse):
    app = make_app(folder)
    app.push(TitleScene(app, seed=1))
    click(app, "recent:0", wait=False)
    job = app.scene.opening[0]
    press(app, pygame.K_ESCAPE)
    title = app.scene
    assert title.opening is None and title.message == "Loading cancelled."
    slow_parse.set()
    assert job.wait(10)
    for _ in range(3):
        app.pump()
    assert app.scene is title and not tables(app)           # the loaded game is dropped
    click(app, "recent:0")                                  # and can be loaded again
    assert tables(app)


def test_a_large_damaged_save_is_refused_in_one_line_without_freezing(folder):
    text = (folder / "autosave-20260101-120000-4.yaml").read_text()
    huge = "actions: [" + ", ".join(["a" * 40] * 80_000) + "]"           # (under the 100,000 elements cap)
    big = folder / "autosave-20260102-120000-5.yaml"
    big.write_text(re.sub(r"^actions:.*$", huge, text, count=1, flags=re.M))
    assert os.path.getsize(big) > 3_000_000
    app = make_app(folder)
    app.push(TitleScene(app, seed=1))
    newest = next(i for i, info in enumerate(app.scene.recent) if info.path == str(big))
    click(app, f"recent:{newest}", wait=False)
    assert app.scene.opening is not None
    finish_loading(app)
    assert isinstance(app.scene, TitleScene) and not tables(app)
    assert app.scene.message.startswith(f"Cannot continue: {big}: actions[0]: ")
    assert "\n" not in app.scene.message


# ----- which seats are AI --------------------------------------------------------------
def test_recent_games_show_which_seats_are_ai(folder, monkeypatch):
    assert read_header(str(folder / "autosave-20260101-120000-4.yaml"))["summary"]["kinds"] == \
        ["human", "normal", "hard"]
    old = folder / "autosave-20250101-120000-4.yaml"                  # a save of an earlier version
    old.write_text(re.sub(r"^  kinds: .*\n", "", (folder / "autosave-20260101-120000-4.yaml").read_text(),
                          count=1, flags=re.M))
    drawn = DrawnText(monkeypatch)
    app = make_app(folder)
    app.push(TitleScene(app, seed=1))
    assert len(app.scene.recent) == 2
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    assert shown.count("Ash, Bryn (AI normal), Cora (AI hard)") == 1
    assert shown.count("Ash, Bryn, Cora") == 1                        # no kinds recorded: names only


@pytest.mark.parametrize("kinds, problem", [
    ("[human, godlike, hard]", "summary.kinds[1]: unknown seat kind 'godlike'"),
    ("[human, normal]", "summary.kinds: expected 3 entries, found 2"),
    ("human", "summary.kinds: expected a list, got text"),
])
def test_bad_seat_kinds_in_a_save_are_named(folder, kinds, problem):
    path = folder / "autosave-20260101-120000-4.yaml"
    path.write_text(re.sub(r"^  kinds: .*$", f"  kinds: {kinds}", path.read_text(), count=1, flags=re.M))
    with pytest.raises(save_format.SaveError) as header:
        read_header(str(path))
    with pytest.raises(save_format.SaveError) as load:
        save_format.load_session(str(path))
    assert problem in str(header.value) and problem in str(load.value)
