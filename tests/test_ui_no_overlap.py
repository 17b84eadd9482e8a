"""No text crosses another or the window's edge, on any screen (issue 39,
polish 3: "at 1100x650 and 150 % text nothing overlaps or leaves the window
(track titles overflow today); a test renders every screen at 1100x650@150 %,
1280x720, 1920x1080@100 % and 150 % and checks that no text box crosses
another or the window edge").

Every screen of ``screens_for_tests`` (the title and its level list,
Settings, the rules help, Play online, the table at each kind of decision,
with 2 to 6 dragons, a short and a full Card Selection Track, All choices,
"since your last turn" folded and open, the standings, a hovered card, the
hand-off, the game menu, the final scores' three tabs, a replay, the
tutorial, the crash screen) is drawn on a recorded screen (``text_boxes``):
each line of text where it lands, what covers it; the names on compact cards
(the track's tiles, a small hand) each inside its card."""
from __future__ import annotations

import pygame
import pytest

import screens_for_tests as screens
from text_boxes import TextBoxes, problems
from ui_helpers import make_app


@pytest.mark.parametrize("size,text", screens.SIZES, ids=[f"{w}x{h}@{t}" for (w, h), t in screens.SIZES])
def test_no_text_crosses_another_or_the_window_edge(monkeypatch, size, text):
    boxes = TextBoxes(monkeypatch)
    found = {}
    for name in screens.SCREENS:
        app, scene = screens.shown(name, size, text)
        _, wrong = boxes.draw(scene, size)
        if wrong:
            found[name] = wrong
    assert not found, "\n".join(f"{name}: {p}" for name, wrong in found.items() for p in wrong)


def test_the_check_sees_a_text_that_crosses_another_or_leaves_the_window(monkeypatch):
    """The check itself: two lines drawn over each other, a line past the window's edge,
    a card name wider than its card; and a line hidden under a panel drawn after it is no fault."""
    from sprites import theme
    from sprites.art import cards
    from sprites.scene import Scene
    make_app(size=(400, 300))
    boxes = TextBoxes(monkeypatch)

    class Lines(Scene):
        def __init__(self, drawing):
            self.drawing = drawing

        def draw(self, surface):
            self.drawing(surface)

    def crossing(surface):
        theme.blit_text(surface, "Deck 56  Discard 12", 24, (10, 10))
        theme.blit_text(surface, "Card Selection Track", 24, (60, 12))

    def leaving(surface):
        theme.blit_text(surface, "Card Selection Track", 24, (330, 100))

    def hidden(surface):
        theme.blit_text(surface, "under the menu", 24, (10, 50))
        theme.panel(surface, pygame.Rect(0, 40, 300, 100))
        theme.blit_text(surface, "Game menu", 24, (20, 60))

    assert len(boxes.draw(Lines(crossing), (400, 300))[1]) == 1
    assert "leaves the window" in boxes.draw(Lines(leaving), (400, 300))[1][0]
    assert boxes.draw(Lines(hidden), (400, 300))[1] == []
    cards._compact_band(40, 60, (90, 70, 50), "Any: Livestock", 24)
    assert any("Livestock" in p for p in boxes.draw(Lines(lambda s: None), (400, 300))[1])
    assert problems([], pygame.Rect(0, 0, 10, 10)) == []
