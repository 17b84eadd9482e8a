"""The standings panel (issue 9, "Live standings"): V or the Standings button
shows ``Game.standings`` of the seat at the computer - each dragon's VP by
category, who holds each majority (the words 1st / 2nd), estimates marked -
readable at 1100 x 650 and 1600 x 900, covering the table until closed, and
closed by a hot-seat hand-off; at the game's end it shows the final scores."""
from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import index_of, DrawnText, click, human_seats, make_app, press, reach, redraw

from app.session import Session
from sprites import theme
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.scores import ScoresScene
from sprites.table import scoresheet
from sprites.table.standings import KEY as STANDINGS_KEY


def mid_game(players=4, variant="standard"):
    return reach(lambda g: g.state.century >= 3 and g.decision.kind == "attack_turn"
                 and any(not p.lair.is_empty() for p in g.state.players), players, variant)


def panel_items(drawn, table):
    """(text, size, rect in the panel) of everything the panel paints (painted afresh here)."""
    drawn.clear()
    table.standings._image = None
    table.standings.draw(table.app.screen, None)
    return [item for item in drawn.items if item[0] not in ("Standings (V)", "Close (V)")]


def panel_text(drawn, table):
    return [text for text, _, _ in panel_items(drawn, table)]


def totals(st):
    marked = set(st["hidden"]) if st["estimated"] else set()
    return [("~" if e["seat"] in marked else "") + f"{e['total']} VP" for e in st["scores"]]


def badges(st):
    return sum(len(first) + len(second) for first, second in st["majorities"].values())


@pytest.mark.parametrize("size,players", [((1600, 900), 4), ((1100, 650), 6)])
def test_s_opens_the_engines_standings_readably(monkeypatch, size, players):
    drawn = DrawnText(monkeypatch)
    session = mid_game(players)
    app = make_app(size=size)
    table = app.start_game(session, handoff=False)
    assert not table.standings.open and table.element("standings") is None
    press(app, STANDINGS_KEY)
    assert table.standings.open
    items = panel_items(drawn, table)
    shown = [text for text, _, _ in items]
    st = session.game.standings(table.seats.viewer)
    assert shown.count("1st") + shown.count("2nd") == badges(st) > 0
    for total in totals(st):
        assert total in shown
    me = session.game.state.players[table.seats.viewer].name
    assert f"1. {me} (you)" in shown or any(s.endswith(f"{me} (you)") for s in shown)
    assert any("estimated from what was taken in the open" in s for s in shown)
    assert "~ estimate" in shown
    # readable: nothing drawn outside the panel, nothing cut short, no text under 12 px
    panel = pygame.Rect((0, 0), table.standings.rect(table.lay).size)
    assert all(panel.contains(r) for _, _, r in items)
    assert not [text for text, _, _ in items if text.endswith("...")]
    assert min(size for _, size, _ in items) >= theme.MIN_FONT
    press(app, STANDINGS_KEY)
    assert not table.standings.open and table.element("standings") is None


def test_the_button_toggles_and_the_panel_covers_the_table():
    session = mid_game()
    app = make_app()
    table = app.start_game(session, handoff=False)
    region = next(n for n in table.groups if n.startswith("region:") or n.startswith("hand:"))
    point = table.element_point(region)
    click(app, "button:standings")
    assert table.standings.open
    assert table.element_at(point).name == "standings"
    before = len(session.actions)
    click(app, "standings")
    assert len(session.actions) == before, "a click on the panel must not reach the table under it"
    click(app, "standings:close")
    assert not table.standings.open and table.element_at(point).name != "standings"
    click(app, "button:standings")
    press(app, pygame.K_ESCAPE)
    assert not table.standings.open


def test_at_the_games_end_the_standings_are_the_final_scores(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = Session.new(human_seats(4), seed=5)
    rng = random.Random(5)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    app = make_app()
    app.start_game(session, handoff=False)
    assert isinstance(app.scene, ScoresScene)
    click(app, "button:view_table")
    table = app.scene
    press(app, STANDINGS_KEY)
    shown = panel_text(drawn, table)
    final = session.game.final_scores()
    assert table.standings.shown[0]["scores"] == final
    assert [s for s in shown if s.endswith(" VP") and s.split()[0].lstrip("~").isdigit()][-4:] == \
        [f"{e['total']} VP" for e in final]
    assert not [s for s in shown if s.startswith("~")], "nothing is an estimate once every lair is open"
    assert any("these are the final scores" in s for s in shown)


def test_a_hot_seat_hand_off_closes_the_standings(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.state.century >= 2 and g.decision.kind == "attack_turn", players=3)
    app = make_app()
    table = app.start_game(session, handoff=True)
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    ash = table.seats.viewer
    press(app, STANDINGS_KEY)
    assert table.standings.open and table.standings.shown[1] == ash
    rng = random.Random(2)
    while not isinstance(app.scene, HandOffScene):       # Ash plays on with the panel open
        assert table.standings.open
        table.apply(index_of(table, rng.choice(session.game.decision.options)))
        app.pump()
    assert not table.standings.open and table.standings.shown is None, "the standings Ash saw are gone"
    drawn.clear()
    redraw(app)
    assert not [s for s in drawn.strings() if "Standings if" in s or "(you)" in s]
    click(app, "handoff:confirm")
    bryn = table.seats.viewer
    assert bryn != ash and app.scene is table and not table.standings.open
    press(app, STANDINGS_KEY)
    shown = panel_text(drawn, table)
    assert table.standings.shown[:2] == (session.game.standings(bryn), bryn)
    names = [p.name for p in session.game.state.players]
    assert any(s.endswith(f"{names[bryn]} (you)") for s in shown)
    assert not any(s.endswith(f"{names[ash]} (you)") for s in shown)


def test_desolation_shows_the_survival_points_and_the_next_level(monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = mid_game(4, "desolation")
    app = make_app(size=(1100, 650))
    table = app.start_game(session, handoff=False)
    click(app, "button:standings")
    shown = panel_text(drawn, table)
    st = session.game.standings(table.seats.viewer)
    assert f"Survival Points on the board now: {st['survival_points']} (fewer is better)" in shown
    assert f"Level of Destruction now: {st['level']}" in shown
    nxt = st["next_level"]
    assert nxt is not None
    assert f"Next level: {nxt['name']} at {nxt['max']} SP or fewer - {nxt['needed']} SP still to destroy." in shown
    assert "<- now" in shown


def test_the_screenshot_command_draws_the_standings(tmp_path, capsys):
    import main
    out = tmp_path / "standings.png"
    assert main.main(["--screenshot", str(out), "--players", "4", "--seed", "2", "--steps", "120",
                      "--screen", "standings"]) == 0
    assert out.exists() and "TableScene" in capsys.readouterr().out
    assert isinstance(pygame.image.load(str(out)), pygame.Surface)


def test_the_panel_is_drawn_once_per_change(monkeypatch):
    """Frames blit the panel's picture; it is painted again only when the standings change."""
    session = mid_game()
    app = make_app()
    table = app.start_game(session, handoff=False)
    press(app, STANDINGS_KEY)
    paints = []
    real = table.standings._paint
    monkeypatch.setattr(table.standings, "_paint", lambda *a: paints.append(1) or real(*a))
    for _ in range(3):
        app.dirty = True
        app.render()
    assert not paints
    rng = random.Random(4)
    repainted = kept = 0
    while (not repainted or not kept) and app.scene is table:
        before = table.standings.shown
        table.apply(index_of(table, rng.choice(session.game.decision.options)))
        app.dirty = True
        app.render()
        if app.scene is not table or not table.standings.open:
            break
        same = table.standings.shown[0] == before[0]
        assert len(paints) == repainted + (not same)
        repainted += not same
        kept += same
    assert repainted and kept


def test_a_settings_change_paints_the_open_panel_afresh(monkeypatch):
    """Text size and palette: the open panel is painted again in the new ones (not its old picture)."""
    drawn = DrawnText(monkeypatch)
    session = mid_game()
    app = make_app()
    table = app.start_game(session, handoff=False)
    press(app, STANDINGS_KEY)
    redraw(app)
    app.settings.text_scale, app.settings.colour_blind = 150, True
    app.settings_changed()
    assert table.data is not session.game.data                  # the colour-blind palette's copy
    drawn.clear()
    redraw(app)
    sizes = {text: size for text, size, _ in drawn.items}
    assert "Standings if the game ended now" in sizes, "the panel's old picture was shown"
    assert min(size for text, size, _ in drawn.items) >= round(theme.MIN_FONT * theme.text_scale()) > theme.MIN_FONT
    app.settings.text_scale, app.settings.colour_blind = 100, False
    app.settings_changed()


def test_a_question_asked_with_the_standings_open_is_shown_over_them():
    """End Turn clicked with the panel open asks "End your turn?" in sight and
    answerable over the panel (it used to open under it: the click looked dead,
    and Enter then ended the turn unseen); Esc cancels the question first."""
    session = reach(lambda g: g.state.century >= 2 and g.decision.kind == "attack_turn"
                    and any(g.action_kind(a.kind).useful for a in g.decision.options), players=3)
    app = make_app()
    table = app.start_game(session, handoff=False)
    table.summary = None
    table.refresh()
    press(app, STANDINGS_KEY)
    redraw(app)
    panel_only = app.screen.copy()
    click(app, "button:end_turn")
    assert table.dialog_kind == "confirm" and table.standings.open
    redraw(app)
    box = table.dialog.rect
    assert pygame.image.tostring(app.screen.subsurface(box), "RGB") != \
        pygame.image.tostring(panel_only.subsurface(box), "RGB"), "the question is hidden under the standings"
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None and table.standings.open
    before = len(session.actions)
    click(app, "button:end_turn")
    click(app, "button:confirm")            # (asserts the click lands on the question's button)
    assert session.actions[before].kind == "end_turn"


def test_the_standings_are_worked_out_only_while_the_panel_is_open(monkeypatch):
    """Working out the standings was a large part of every action's frame, panel open
    or not (issue 39: "recomputes ... too much"): the table asks for them only while
    the panel shows them (outside the last century, whose goals need them)."""
    from game import snapshot
    session = mid_game()
    assert session.game.state.century < session.game.data.setup["centuries"]
    app = make_app()
    table = app.start_game(session, handoff=False)
    asked = []
    real = snapshot.for_seats
    monkeypatch.setattr(snapshot, "for_seats", lambda g, seats: asked.append(list(seats)) or real(g, seats))
    rng = random.Random(5)

    def play(n):
        for _ in range(n):
            table.apply(index_of(table, rng.choice(session.game.decision.options)))
            app.dirty = True
            app.render()
    play(4)
    assert asked == []
    press(app, STANDINGS_KEY)
    assert table.standings.open and asked
    assert table.snap["standings"] == session.game.standings(table.seats.viewer)
    asked.clear()
    play(3)
    assert len(asked) >= 3 and table.snap["standings"] == session.game.standings(table.seats.viewer)


def test_the_panel_painted_again_from_its_kept_parts_is_the_panel_painted_afresh():
    """After a change the panel blits what is as it was (its frame, most cells of the
    sheet) and paints the rest: pixel for pixel the picture painted from nothing."""
    session = mid_game(players=6)
    app = make_app()
    table = app.start_game(session, handoff=False)
    press(app, STANDINGS_KEY)
    rng = random.Random(8)
    compared = 0
    for _ in range(12):
        table.apply(index_of(table, rng.choice(session.game.decision.options)))
        app.dirty = True
        app.render()
        if app.scene is not table or not table.standings.open:
            break
        kept = pygame.image.tostring(table.standings._image, "RGB")
        table.standings._image = None                  # painted afresh: nothing kept
        app.dirty = True
        table._painted.pop("standings", None)
        app.render()
        assert pygame.image.tostring(table.standings._image, "RGB") == kept
        compared += 1
    assert compared >= 6


def test_a_change_paints_only_the_cells_of_the_sheet_it_changed():
    """Issue 39 ("repaints too much"): every change painted the whole panel again, its
    ~100 cells each drawn word by word; now the cells that show what they showed are
    blitted as painted. Counted: cells painted (not blitted) per change."""
    session = mid_game(players=6)
    app = make_app()
    table = app.start_game(session, handoff=False)
    press(app, STANDINGS_KEY)
    painted = []
    rng = random.Random(9)
    for _ in range(10):
        before = set(table.standings._cells)
        table.apply(index_of(table, rng.choice(session.game.decision.options)))
        app.dirty = True
        app.render()
        if app.scene is not table or not table.standings.open:
            break
        if table.standings.shown is not None:
            painted.append(len(set(table.standings._cells) - before))
    cells = 6 * len([row for row in scoresheet.rows(table.data) if row[1] is not None])
    assert len(painted) >= 6 and sorted(painted)[len(painted) // 2] <= cells // 4, (painted, cells)


def test_the_open_panel_covers_its_rect_and_the_table_shows_around_it():
    """A frame blits the painted table only around the open panel (issue 39: half the
    window less to copy each frame): the window shows the panel's picture where the
    panel lies (its close button drawn over it) and the painted table around it."""
    app = make_app()
    table = app.start_game(mid_game(players=4), handoff=False)
    table.summary = None
    press(app, STANDINGS_KEY)
    app.dirty = True
    app.render()
    screen, lay = app.screen, table.lay
    panel = table.standings.rect(lay)
    top, bottom, left, right = table.standings.around(lay)
    assert top.union(bottom).union(left).union(right).union(panel) == screen.get_rect()
    assert top.h > 0 and right.w > 0
    for area in (a for a in (top, bottom, left) if a.w and a.h):    # (not the right column: its Standings button)
        assert pygame.image.tostring(screen.subsurface(area), "RGB") == \
            pygame.image.tostring(table.base.subsurface(area), "RGB")
    close = table.standings.close_rect(lay).move(-panel.x, -panel.y)
    close.h += 2                                             # (and its shadow)
    shown = screen.subsurface(panel).copy()
    shown.blit(table.standings._image, close, close)          # (its close button as painted)
    assert pygame.image.tostring(shown, "RGB") == \
        pygame.image.tostring(table.standings._image, "RGB")
