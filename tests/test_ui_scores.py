"""The final scores (issue 8, point 18): VP with their unit, the counts they
were scored from beside them, clear headings; after the game the board shows
every lair. Issue 9: every lair revealed on the scores screen, a chart of the
scores the engine recorded at each century's end, the winner's moment."""
from __future__ import annotations

import math
import random

import pygame
import pytest
from ui_helpers import DrawnText, click, index_of, leave_to_title, make_app, press, redraw, without_action_buttons

from app.session import Seat, Session
from sprites.scenes.scores import ScoresScene
from sprites.scenes.table import TableScene


def finished(n=4, seed=3, variant="standard"):
    names, dragons = ["Ash", "Bryn", "Cora", "Dain"], ["Black", "Blue", "Green", "Orange"]
    s = Session.new([Seat(names[i], dragons[i]) for i in range(n)], seed=seed, variant=variant)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


def scores_screen(**finish):
    """A window showing the scores screen of a finished game: (app, session)."""
    session = finished(**finish)
    app = make_app()
    app.start_game(session, handoff=False)
    return app, session


def test_scores_show_units_counts_and_clear_headings(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app, session = scores_screen()
    assert isinstance(app.scene, ScoresScene)
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    text = "\n".join(shown)
    g = session.game
    rv = g.data.scoring["region_value"]
    regions = len(g.data.ring)          # the "all regions raided" row counts out of the map's regions
    for e in g.final_scores():
        assert f"{e['total']} VP" in shown
        lair = g.state.players[e["seat"]].lair                 # what the scores were counted from
        gold = f"{lair.res['gold']} gold"
        assert gold in shown, f"{e['name']}'s {gold} not shown beside the gold VP"
        gallia = lair.villages.get("Gallia", 0) * rv["village"] + lair.cities.get("Gallia", 0) * rv["city"]
        assert f"{lair.res['livestock']} livestock" in shown and f"RV {gallia}" in shown
        raided = sum(1 for r in g.data.ring if lair.villages.get(r, 0) or lair.cities.get(r, 0))
        assert f"{raided} of {regions}" in shown, (e["name"], raided)
    assert "Regions" not in shown, "an ambiguous 'Regions' heading"
    assert "Regions raided" in text and "Region majorities" in text
    assert f"All {regions} regions raided" in shown


def test_view_the_board_after_the_game_opens_every_lair(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app, session = scores_screen()
    click(app, "button:view_table")
    table = app.scene
    assert isinstance(table, TableScene)
    assert all(p["lair"] is not None for p in table.view["players"])
    drawn.clear()
    redraw(app)
    for p in table.view["players"]:
        if p["seat"] != table.seats.viewer:
            row = table.element_rect(f"player:{p['seat']}")
            assert "Lair:" in drawn.within(row), f"{p['name']}'s lair is not shown"


# ----- issue 9, "End of the game": every lair, the chart by century, the winner's moment -----------
def test_every_lair_is_revealed_piece_by_piece(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app, session = scores_screen()
    click(app, "tab:lairs")
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    g = session.game
    rv = g.data.scoring["region_value"]
    dragons = {d.name: d for d in g.data.dragons}
    for p in g.state.players:
        assert f"{p.name} - {dragons[p.dragon].name} Dragon, level {p.level}" in shown
        for res, n in p.lair.res.items():
            assert any(s.startswith(f"{n} ") and res[:4] in s for s in shown)
        for region in g.ring:
            v, c = p.lair.villages.get(region, 0), p.lair.cities.get(region, 0)
            if v or c:
                assert f"{v} village{'' if v == 1 else 's'}" in shown and f"{c} cit{'y' if c == 1 else 'ies'}" in shown
                assert f"RV {v * rv['village'] + c * rv['city']}" in shown
    assert shown.count("Gallia") == len(g.state.players)


def test_in_desolation_every_lair_is_shown_without_regional_values(monkeypatch):
    """Desolation of the Old World has no individual scoring: the lairs, but no Regional Value."""
    drawn = DrawnText(monkeypatch)
    session = finished(variant="desolation")
    app = make_app()
    app.start_game(session, handoff=False)
    click(app, "tab:lairs")
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    assert shown.count("Gallia") == len(session.game.state.players)
    assert not [s for s in shown if s.startswith("RV ")]


@pytest.mark.parametrize("variant", ["standard", "desolation"])
def test_the_chart_shows_the_scores_the_engine_recorded_each_century(monkeypatch, variant):
    drawn = DrawnText(monkeypatch)
    session = finished(variant=variant)
    app = make_app()
    app.start_game(session, handoff=False)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.scene.tab == "tab:chart"
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    snaps = session.game.state.scores_by_century
    assert ["Start", "1", "2", "3", "4", "5", "6"] == [s for s in shown if s in ("Start", "1", "2", "3", "4", "5", "6")
                                                       ][-7:]
    if variant == "desolation":
        assert f"Survival Points {snaps[-1]['survival_points']}" in shown
        assert any(s.startswith("Leveled to Ruins (10 SP or fewer)") for s in shown)
    else:
        for p in session.game.state.players:
            assert f"{p.name} {snaps[-1]['vp'][p.seat]}" in shown
        assert "Victory Points if the game had ended then" in shown


def last_step(session):
    """Play random options until one of them ends the game; return that option."""
    rng = random.Random(8)
    while True:
        g = session.game
        for a in g.decision.options:
            c = g.copy()
            c.apply(a)
            if c.is_over:
                return a
        session.apply(rng.choice(g.decision.options))


def test_the_winners_moment_is_celebrated_and_skippable(monkeypatch):
    drawn = DrawnText(monkeypatch)
    names, dragons = ["Ash", "Bryn", "Cora"], ["Black", "Blue", "Green"]
    session = Session.new([Seat(names[i], dragons[i]) for i in range(3)], seed=4)
    action = last_step(session)
    app = make_app(animate=True)
    table = app.start_game(session, handoff=False)
    table.apply(index_of(table, action))
    scores = app.scene
    assert isinstance(scores, ScoresScene) and scores.celebration is not None
    app.tick()
    assert app.animating
    drawn.clear()
    redraw(app)
    winner = [e for e in session.game.final_scores() if e["rank"] == 1]
    assert ScoresScene._title(winner) in drawn.strings()
    assert "Click or press a key to see the scores" in drawn.strings()
    click(app, "button:quit")                       # the click only skips the moment
    assert app.running and app.scene is scores and scores.celebration is None
    app.tick()
    assert not app.animating
    click(app, "button:view_table")
    click(app, "button:scores")                     # opened again: no second celebration
    assert isinstance(app.scene, ScoresScene) and app.scene.celebration is None


def test_no_celebration_with_animations_off():
    names, dragons = ["Ash", "Bryn"], ["Black", "Blue"]
    for animate, setting in ((False, True), (True, False)):
        session = Session.new([Seat(names[i], dragons[i]) for i in range(2)], seed=6)
        action = last_step(session)
        app = make_app(animate=animate)
        app.settings.animations = setting           # the Settings screen's switch
        app.settings_changed()
        table = app.start_game(session, handoff=False)
        table.apply(index_of(table, action))
        assert isinstance(app.scene, ScoresScene) and app.scene.celebration is None


def test_the_scores_screen_follows_the_colour_blind_palette(monkeypatch):
    """Changed while the scores screen is open, the palette recolours its dragons (their discs in the sheet)."""
    from sprites import palette, theme
    app, session = scores_screen()
    drawn = []
    real = pygame.draw.circle
    monkeypatch.setattr(pygame.draw, "circle", lambda surf, colour, *a, **kw: drawn.append(tuple(colour)[:3])
                        or real(surf, colour, *a, **kw))
    colours = {d.name: d.colour for d in session.game.data.dragons}
    orange = colours[next(p.dragon for p in session.game.state.players if p.name == "Dain")]
    redraw(app)
    assert tuple(theme.rgb(orange)) in drawn
    app.settings.colour_blind = True
    app.settings_changed()
    drawn.clear()
    redraw(app)
    assert tuple(theme.rgb(palette.colour_blind(orange))) in drawn and tuple(theme.rgb(orange)) not in drawn
    # the lairs page names Dain's dragon by the colour it is drawn in
    text = DrawnText(monkeypatch)
    click(app, "tab:lairs")
    text.clear()
    redraw(app)
    assert any(s.startswith("Dain - Yellow Dragon, level") for s in text.strings()), text.strings()
    app.settings.colour_blind = False
    app.settings_changed()


def test_no_celebration_when_humankind_triumphs():
    """Desolation (rulebook: "The lower the total SP score, the better the
    performance"): the last row of the Level of Destruction table, "25+ Humankind
    Triumphs", is the Old World surviving the dragons: nothing to celebrate. A
    better level is celebrated."""
    names, dragons = ["Ash", "Bryn"], ["Black", "Blue"]
    seen = set()
    for seed in range(1, 30):
        session = Session.new([Seat(names[i], dragons[i]) for i in range(2)], seed=seed, variant="desolation")
        action = last_step(session)
        end = session.game.copy()
        end.apply(action)
        worst = end.desolation()["survival_points"] >= 25
        if worst in seen:
            continue
        app = make_app(animate=True)
        table = app.start_game(session, handoff=False)
        table.apply(index_of(table, action))
        assert isinstance(app.scene, ScoresScene)
        assert (app.scene.celebration is None) == worst, end.desolation()["level"]
        seen.add(worst)
        if len(seen) == 2:
            break
    assert True in seen


def test_desolation_chart_keeps_the_levels_names_clear_of_the_team_line(monkeypatch):
    """The Levels of Destruction are labelled on the chart; the team's Survival
    Points line runs down through them late in a game (here from 46 SP to 21 and back
    to 24 in the last centuries), and must not be drawn through their names."""
    from game.ai import make_ai
    from sprites.table.chart import TEAM
    from sprites import theme
    drawn = DrawnText(monkeypatch)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue")], seed=1, variant="desolation")
    ais = [make_ai("normal", seat, budget=math.inf) for seat in range(2)]     # the same game on any machine
    while not session.game.is_over:
        seat = session.game.decision.player
        session.apply(ais[seat].choose(session.game, seat))
    sp = [s["survival_points"] for s in session.game.state.scores_by_century]
    assert max(sp[-3:]) >= 24 >= min(sp[-3:])          # the line crosses a level late in the game
    for size in ((1600, 900), (1100, 650)):
        app = make_app(size=size)
        app.start_game(session, handoff=False)
        press(app, pygame.K_3, "3")
        assert app.scene.tab == "tab:chart"
        drawn.clear()
        redraw(app)
        labels = [(s, r) for s, _, r in drawn.items if "SP or fewer)" in s]
        assert len(labels) == 5
        line = theme.rgb(TEAM)
        for text, rect in labels:
            crossed = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                       if tuple(app.screen.get_at((x, y)))[:3] == tuple(line)[:3]]
            assert not crossed, f"the team's line is drawn over {text!r} at {size} ({len(crossed)} pixels)"


def test_a_finished_game_can_be_replayed_from_its_scores():
    """Playtest: a finished game's replay could only be opened with --replay FILE.
    From the final scores (also those of a finished game under Recent games), the
    player watches it again, from its first move, forwards and back."""
    from sprites.scenes.replay import ReplayScene
    app, session = scores_screen(n=3)
    click(app, "button:replay")
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.replay.index == 0
    assert len(scene.replay) == len(session.actions)
    click(app, "replay:forward")
    click(app, "replay:forward")
    assert scene.replay.index == 2
    press(app, pygame.K_END)
    assert scene.replay.index == len(session.actions) and scene.replay.game.is_over
    assert scene.replay.game.final_scores() == session.game.final_scores()


def test_a_finished_game_s_table_offers_no_pause_for_ai_dragons():
    """Playtest: 'Pause (P)' stayed in the bar of the final board, though no AI
    dragon has anything left to do."""
    names, dragons = ["Ash", "Bryn", "Cora"], ["Black", "Blue", "Green"]
    s = Session.new([Seat(names[0], dragons[0])] + [Seat(n, d, "easy") for n, d in zip(names[1:], dragons[1:])],
                    seed=3)
    app = make_app()
    table = app.start_game(s, handoff=False)
    assert table.element("button:pause") is not None            # during the game: the AI dragons can be paused
    rng = random.Random(3)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    table.refresh()
    assert table.element("button:pause") is None and table.element("button:step") is None
    assert table.element("button:scores") is not None


def test_a_replay_of_a_finished_game_ends_on_its_final_scores():
    """Playtest: at the last step of a replay nothing led to the score sheet. There,
    Forward gives way to 'Final scores'; Back still steps back."""
    app, session = scores_screen(n=3)
    click(app, "button:replay")
    replay = app.scene
    press(app, pygame.K_END)
    assert replay.element("replay:forward") is None
    click(app, "replay:scores")
    assert isinstance(app.scene, ScoresScene) and app.scene.host.session is session
    click(app, "button:view_table")
    assert app.scene is replay
    click(app, "replay:back")
    assert replay.replay.index == len(session.actions) - 1
    assert replay.element("replay:scores") is None and replay.element("replay:forward") is not None


@pytest.mark.parametrize("seed", [8, 168])
def test_the_chart_s_names_follow_the_final_ranking_when_dragons_tie(monkeypatch, seed):
    """Rulebook, end of the game: "In the event of a tie: The player whose
    Dragon has reached the highest Level Up wins the game. If still tied, the
    player with the most remaining Life wins the game." On the chart each dragon's
    line ends in its name and VP; dragons tied on VP are listed top to bottom in
    the order of the final ranking, as on the score sheet, not in seat order.
    (Seed 8: Ash and Dain tie at 17 VP and Dain, on level 2, ranks higher; seed
    168: Bryn and Dain tie at 22 VP on level 2, and Dain has more Life.)"""
    drawn = DrawnText(monkeypatch)
    app, session = scores_screen(seed=seed)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.scene.tab == "tab:chart"
    drawn.clear()
    redraw(app)
    final = session.game.final_scores()
    labels = {f"{e['name']} {e['total']}": e for e in final}
    ends = sorted(((rect.y, labels[s]) for s, _, rect in drawn.items if s in labels), key=lambda t: t[0])
    assert len(ends) == len(final)
    tied = [e for _, e in ends if sum(1 for f in final if f["total"] == e["total"]) > 1]
    assert len(tied) >= 2
    assert [e["rank"] for e in tied] == sorted(e["rank"] for e in tied)
    assert tied[0]["name"] == "Dain"


def test_the_title_s_continue_after_a_replay_says_it_goes_back_to_the_replay():
    """Playtest: from a replay, Menu opened the title, whose Continue said 'Back to
    the game in progress' and then reopened the replay. It says where it goes, and
    goes back to the same step."""
    from sprites.scenes.title import TitleScene
    app, session = scores_screen(n=3)
    click(app, "button:replay")
    replay = app.scene
    click(app, "replay:forward")
    leave_to_title(app)
    assert isinstance(app.scene, TitleScene)
    assert app.scene.element("button:continue").tip == "Back to the replay."
    click(app, "button:continue")
    assert app.scene is replay and replay.replay.index == 1


def test_the_final_board_shows_no_action_buttons_nobody_can_use(monkeypatch):
    """Playtest: "View the board" after a finished game still showed the action kinds'
    buttons (Divination, Consume Noble, Lick Wounds), greyed: nothing can be played once
    the game is over, so the final board leaves them out, at any size, as a spectator's
    table and a replay do."""
    app, session = scores_screen()
    click(app, "button:view_table")
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in without_action_buttons(app, table, DrawnText(monkeypatch)):
        assert "button:scores" in table.element_names()
