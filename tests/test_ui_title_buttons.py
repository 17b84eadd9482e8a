"""The title screen's buttons come from one list (sprites/scenes/title_buttons.py):
another entry - a screen of its own, such as playing online later - is one line
there and a method, and the title lays it out in the row, draws it and runs it."""
from __future__ import annotations

from ui_helpers import DrawnText, click, make_app, redraw

from sprites.scenes import title_buttons
from sprites.scenes.title import TitleScene


def test_one_more_entry_shows_in_the_row_and_runs_its_method(monkeypatch):
    extra = title_buttons.Entry("button:elsewhere", "Elsewhere", 200, lambda s: "Another screen.", "_elsewhere")
    row = title_buttons.ROW[:2] + (extra,) + title_buttons.ROW[2:]
    monkeypatch.setattr(title_buttons, "ROW", row)
    monkeypatch.setattr(title_buttons, "ENTRIES", {e.name: e for e in row + title_buttons.CORNER})
    monkeypatch.setattr(title_buttons, "LABELS", dict(title_buttons.LABELS, **{extra.name: extra.label}))
    opened = []
    monkeypatch.setattr(TitleScene, "_elsewhere", lambda self: opened.append(self), raising=False)
    app = make_app()
    app.push(TitleScene(app))
    scene = app.scene
    names = [n for n in scene.element_names() if n in {e.name for e in row}]
    assert names.index("button:elsewhere") == names.index("button:tutorial") + 1, names
    r = [scene.element_rect(n) for n in names]
    assert all(a.right < b.x and a.y == b.y for a, b in zip(r, r[1:])), "one row, side by side"
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert "Elsewhere" in drawn.within(scene.element_rect("button:elsewhere"))
    click(app, "button:elsewhere")
    assert opened == [scene]
