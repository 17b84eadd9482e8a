"""After watching a replay (issue 25, point 2), Start, Tutorial and Load said "A
game is in progress ... it will be lost": nothing is in progress and nothing is
lost (the save a replay shows stays as it is)."""
from __future__ import annotations

import argparse

import pytest
from save_helpers import new_session, play_random
from ui_helpers import DrawnText, click, leave_to_title, make_app, press, redraw

import pygame

from app.save_format import load_session, save_session
from sprites.app import build
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.replay import ReplayScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


@pytest.mark.parametrize("finished, steps", [(True, 5), (True, 0), (False, 5)])
def test_leaving_a_replay_for_a_new_game_asks_nothing(tmp_path, monkeypatch, finished, steps):
    watched = new_session(3, seed=6)
    play_random(watched, 1, steps=None if finished else 30)
    path = tmp_path / "watched.yaml"
    save_session(watched, str(path))
    before = path.read_bytes()
    args = argparse.Namespace(session=load_session(str(path)), replay=str(path), save_dir=str(tmp_path))
    app = build(args, make_app(tmp_path).screen)
    assert isinstance(app.scene, ReplayScene)
    for _ in range(steps):                         # watched part of the way
        press(app, pygame.K_RIGHT)
    drawn = DrawnText(monkeypatch)
    leave_to_title(app)
    assert isinstance(app.scene, TitleScene)
    drawn.clear()
    redraw(app)
    assert "In progress" not in drawn.joined()
    click(app, "button:start")
    assert isinstance(app.scene, (TableScene, HandOffScene)), f"Start asked: {app.scene.question}"
    assert path.read_bytes() == before
