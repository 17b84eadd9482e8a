"""Issue 39 (a frame after an action under 8 ms): the log and the dragons' rows
were painted whole after every move, each of their ~30 rows drawn word by word,
though a move adds a line or two and changes one or two dragons. Now a row that
shows what it showed is blitted as painted (sprites.table.rowpictures): the
column must be the column painted afresh, pixel for pixel; a move must paint
few rows; and a hot-seat hand-off keeps no picture of the last player's lines."""
from __future__ import annotations

import random

import pygame
from ui_helpers import against_ai, click, human_seats, make_app, redraw

from app.session import Session
from sprites.table.logpanel import LogPanel
from sprites.table.rightpanel import RightPanel


def right_column(table):
    return pygame.image.tostring(table.base.subsurface(table.lay.right), "RGB")


def play_on(table, rng):
    """One move: the person's (a random option), else the next AI dragon's."""
    if table.my_decision():
        table.apply(rng.randrange(len(table.options)))
    else:
        table.host.advance()
        table.changed()


def test_the_column_painted_from_kept_rows_is_the_column_painted_afresh(tmp_path):
    app = make_app(tmp_path)
    table = app.start_game(against_ai(), handoff=False)
    rng = random.Random(3)
    compared = 0
    for k in range(14):
        play_on(table, rng)
        if k == 6:                                   # a picked line and one dragon's lines: rows of their own
            lines = [n for n in table.element_names() if n.startswith("log:entry:")]
            click(app, lines[len(lines) // 2])
            click(app, "log:seat:1")
        if k == 10:                                  # the century folded: fewer rows than the log's area holds
            click(app, next(n for n in table.element_names() if n.startswith("log:century:")))
        app.dirty = True
        app.render()
        kept = right_column(table)
        table.right._rows = type(table.right._rows)()      # nothing kept: every row painted
        table.log._rows = type(table.log._rows)()
        redraw(app)
        assert right_column(table) == kept, f"after move {k + 1}"
        compared += 1
    assert compared == 14


def test_a_move_paints_only_the_rows_it_changed(tmp_path, monkeypatch):
    """Counted: log lines and dragons' rows painted (not blitted) per move, against those shown."""
    painted = {"line": 0, "row": 0}
    for cls, method, kind in ((LogPanel, "_line", "line"), (RightPanel, "_player_row", "row")):
        def spy(*args, _draw=getattr(cls, method), _kind=kind, **kw):
            painted[_kind] += 1
            return _draw(*args, **kw)
        monkeypatch.setattr(cls, method, spy)
    app = make_app(tmp_path)
    table = app.start_game(against_ai(), handoff=False)
    app.render()
    rng = random.Random(4)
    shown = {"line": 0, "row": 0}
    painted.update(line=0, row=0)
    for _ in range(12):
        play_on(table, rng)
        app.render()
        shown["line"] += sum(n.startswith("log:entry:") for n in table.element_names())
        shown["row"] += len(table.view["players"])
    assert shown["line"] > 100 and shown["row"] == 48
    assert painted["line"] <= shown["line"] / 4, painted
    assert painted["row"] <= shown["row"] / 2, painted


def test_a_hand_off_keeps_no_picture_of_the_last_players_rows(tmp_path):
    s = Session.new(human_seats(3), seed=2)
    app = make_app(tmp_path)
    table = app.start_game(s, handoff=True)
    table.handed_over(table.decider)
    app.render()
    assert table.log._rows._pictures and table.right._rows._pictures      # (painted, then kept)
    while not table.handoff_pending:
        table.apply(0)
    assert not table.log._rows._pictures and not table.right._rows._pictures


def test_the_log_read_line_by_line_groups_as_the_whole_log_read_afresh():
    """The log's centuries are read only in the lines added since the last frame: the same
    groups as reading the whole log, as it grows, as an undo takes lines back and new ones
    come, and when the table reads a new log (another seat's eyes)."""
    from sprites.table.logpanel import groups
    s = against_ai(seed=6, steps=0)
    rng = random.Random(6)
    panel = LogPanel(None)
    shown = []
    while not s.game.is_over and len(shown) < 400:
        log = s.game.state.log
        if rng.random() < 0.1 and shown:
            del shown[-rng.randint(1, min(5, len(shown))):]           # an undo took lines back
        shown.extend({"event": e} for e in log[len(shown):len(shown) + rng.randint(0, 6)])
        if rng.random() < 0.03:
            shown = list(shown)                                         # the log read afresh
        assert groups(shown, panel._century_heads(shown)) == groups(shown)
        s.apply(rng.choice(s.game.decision.options))
    assert len(groups(shown)) >= 3
