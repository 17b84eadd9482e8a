"""The replay's bar as a player sees it: its buttons side by side, none drawn
over another, every label whole, at a finished game's last step too (where
Forward gives way to "Final scores")."""
from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import click, make_app, press, redraw

from app.session import Seat, Session
from sprites import theme
from sprites.scenes.scores import ScoresScene

SIZES = [((1600, 900), 100), ((1100, 650), 100), ((1100, 650), 150), ((1600, 900), 150)]


def drawn_buttons(monkeypatch):
    """Every button drawn through sprites.theme from now on, as (label as shown, rect)."""
    out = []
    real = theme.button

    def recorded(surface, rect, label, size, *args, **kw):
        rect = pygame.Rect(rect)
        out.append((theme.fit(label, size, rect.w - 8, True), rect))
        return real(surface, rect, label, size, *args, **kw)
    monkeypatch.setattr(theme, "button", recorded)
    return out


def finished(seed=3):
    s = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue"), Seat("Cora", "Green")], seed=seed)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


@pytest.mark.parametrize("size,scale", SIZES, ids=[f"{w}x{h}@{t}" for (w, h), t in SIZES])
def test_the_last_step_s_bar_draws_no_button_over_another(monkeypatch, size, scale):
    """Playtest: at a finished game's last step, the final board's own "Final scores"
    button was drawn under the replay's bar, its text showing between the replay's
    "Final scores" and "Century >". Each button drawn in the bar lies clear of every
    other, inside the window, its label whole; the replay's "Final scores" opens them."""
    buttons = drawn_buttons(monkeypatch)
    session = finished()
    app = make_app(size=size)
    app.settings.text_scale = scale
    try:
        app.use_text_scale()
        app.start_game(session, handoff=False)
        click(app, "button:replay")
        replay = app.scene
        press(app, pygame.K_END)
        assert replay.replay.at_end and replay.replay.over
        buttons.clear()
        redraw(app)
        buttons[:] = [(label, rect) for label, rect in buttons if replay.lay.prompt.contains(rect)]
        labels = [s for s, _ in buttons]
        assert labels.count("Final scores") == 1, labels
        assert "Century >" in labels or ">>" in labels, labels
        window = app.screen.get_rect()
        for i, (label, rect) in enumerate(buttons):
            assert window.contains(rect), (label, rect)
            assert not label.endswith("..."), f"{label!r} cut short at {size}@{scale}"
            for other, orect in buttons[i + 1:]:
                assert not rect.colliderect(orect), f"{label!r} {rect} drawn over {other!r} {orect} at {size}@{scale}"
        click(app, "replay:scores")
        assert isinstance(app.scene, ScoresScene)
    finally:
        app.settings.text_scale = 100
        app.use_text_scale()
        app.close()
