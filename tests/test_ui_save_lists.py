"""The lists of saves (issue 25, point 6): named saves ("Save as") appear under
Recent games; the Load list can delete and rename saves; the reason a save
cannot be loaded can be read in full, also at 150 % text in the smallest window
(the rows cut it with "...", and the reason a load failed could not be read in
full anywhere)."""
from __future__ import annotations

import copy
import os

import pytest
from save_helpers import new_session, play_random
from ui_helpers import DrawnText, click, leave_to_title, make_app, play_option, press, redraw

import pygame

from app.save_folder import list_saves, save_as
from app.save_format import document_text, load_session, read_header, session_document
from app.session import Seat, Session
from sprites import theme
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


def type_text(app, text):
    for ch in text:
        press(app, pygame.K_a, ch)


def title_for(folder, size=(1600, 900), scale=100):
    app = make_app(folder, size=size)
    app.settings.text_scale = scale
    app.use_text_scale()
    app.push(TitleScene(app, seed=1))
    return app


def row_of(app, name):
    return [info.name for info in app.scene.loading].index(name)


@pytest.fixture
def saved(tmp_path):
    s = new_session(3, seed=2)
    play_random(s, 1, steps=30)
    save_as(s, str(tmp_path), "Sunday game")
    return s


def test_a_named_save_appears_under_recent_games(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue")], seed=7)
    table = app.start_game(session, handoff=False)
    for _ in range(3):
        play_option(app, table, 0)
    leave_to_title(app)
    click(app, "field:save_name")
    type_text(app, "Sunday game")
    click(app, "button:save_as")
    app.flush_saves()
    app.replace(TitleScene(app, seed=1))              # as after the next start
    title = app.scene
    drawn = DrawnText(monkeypatch)
    drawn.clear()
    redraw(app)
    assert any(s.startswith("Sunday game: Ash, Bryn") for s in drawn.strings()), drawn.strings()
    row = next(i for i, info in enumerate(title.recent) if info.name == "Sunday game")
    click(app, f"recent:{row}")
    table = next(s for s in app.stack if isinstance(s, (TableScene, HandOffScene)))
    assert (table.host.session if isinstance(table, TableScene) else table.table.host.session).actions == session.actions


def test_delete_asks_then_removes_the_file(tmp_path, saved):
    app = title_for(tmp_path)
    click(app, "button:load")
    path = app.scene.loading[row_of(app, "Sunday game")].path
    click(app, f"load:{row_of(app, 'Sunday game')}:delete")
    assert app.scene.question is not None and os.path.exists(path)
    press(app, pygame.K_ESCAPE)                                  # Back: kept
    assert os.path.exists(path)
    click(app, f"load:{row_of(app, 'Sunday game')}:delete")
    click(app, "question:yes")
    assert not os.path.exists(path) and app.scene.loading is None, "the list is empty now"
    assert "Deleted Sunday game" in app.scene.message


def test_rename_moves_the_file_and_its_name(tmp_path, saved):
    save_as(saved, str(tmp_path), "Other")
    app = title_for(tmp_path)
    click(app, "button:load")
    click(app, f"load:{row_of(app, 'Sunday game')}:rename")
    type_text(app, "Other")                                      # taken: said, nothing replaced
    press(app, pygame.K_RETURN)
    assert app.scene.question is not None and "already" in app.scene.question[1]
    click(app, "question:no")
    click(app, "button:load")
    click(app, f"load:{row_of(app, 'Sunday game')}:rename")
    type_text(app, "Monday: rematch")
    click(app, "question:yes")
    assert sorted(os.listdir(tmp_path)) == ["Monday_rematch.yaml", "Other.yaml"]
    renamed = str(tmp_path / "Monday_rematch.yaml")
    assert read_header(renamed)["name"] == "Monday: rematch"
    assert load_session(renamed).actions == saved.actions
    assert not [i for i in list_saves(str(tmp_path)) if i.edited], "renaming keeps the file as the game wrote it"
    assert sorted(i.name for i in app.scene.loading) == ["Monday: rematch", "Other"]


def test_the_game_in_progress_is_neither_renamed_nor_deleted(tmp_path):
    app = make_app(tmp_path)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue")], seed=7)
    table = app.start_game(session, handoff=False)
    play_option(app, table, 0)
    app.flush_saves()
    leave_to_title(app)
    click(app, "button:load")
    click(app, "load:0:delete")
    assert app.scene.question[2] is None and "in progress" in app.scene.question[0]
    click(app, "question:no")
    assert len(os.listdir(tmp_path)) >= 1 and any(f.startswith("autosave-") for f in os.listdir(tmp_path))


def shown_in_full(drawn, text):
    """``text`` was drawn wrapped into a rect that holds all of its lines."""
    for s, size, rect in drawn.items:
        if s == text and rect is not None:
            lines = theme.wrap(s, size, max(10, rect.w))
            return len(lines) * theme.font(size).get_linesize() <= rect.h + 2
    return False


def test_a_damaged_save_s_reason_is_readable_in_full_at_150_percent(tmp_path, saved, monkeypatch):
    problem_doc = copy.deepcopy(session_document(saved, "bad"))
    problem_doc["summary"]["players"] = ["A name that is much too long for a seat of this game"] * 3
    (tmp_path / "bad.yaml").write_text(document_text(problem_doc), encoding="utf-8")
    app = title_for(tmp_path, size=(1100, 650), scale=150)
    drawn = DrawnText(monkeypatch)
    click(app, "button:load")
    info = app.scene.loading[row_of(app, "bad")]
    assert info.problem
    click(app, f"load:{row_of(app, 'bad')}")
    drawn.clear()
    redraw(app)
    assert shown_in_full(drawn, f"bad: {info.problem}"), drawn.items
    assert app.scene.question_box.bottom <= 650 and app.scene.question_box.right <= 1100


def test_the_reason_a_load_failed_is_readable_in_full(tmp_path, saved, monkeypatch):
    doc = copy.deepcopy(session_document(saved, "tampered"))
    doc["state"]["players"][2]["life"] = 1 + doc["state"]["players"][2]["life"] % 4
    (tmp_path / "tampered.yaml").write_text(document_text(doc), encoding="utf-8")
    app = title_for(tmp_path, size=(1100, 650), scale=150)
    drawn = DrawnText(monkeypatch)
    click(app, "button:load")
    click(app, f"load:{row_of(app, 'tampered')}")
    assert isinstance(app.scene, TitleScene) and app.scene.question is not None
    reason = app.scene.question[1]
    assert "disagrees with a replay of its actions: state.players[2].life is" in reason and "after replaying" in reason
    drawn.clear()
    redraw(app)
    assert shown_in_full(drawn, reason)
