"""A variant describes its table (issue 40: "The Desolation variant is branched on in 9 view
files"): the engine says what the table shows of the variant a game is played with
(``game.variant_table``: the header's words, what the Terrify counter is worth, a team's goal,
points, unit and levels, the result's title, the rules topic), the seat snapshot's board carries
it, and the view draws from it without asking which variant it is."""
from __future__ import annotations

import ast
import json
import os
import random
import re

import pygame
import pytest
from ui_helpers import DrawnText, make_app, press, reach, redraw

from app.session import Seat, Session
from game import default_data, new_game
from game.snapshot import seat_snapshots
from game.variant_table import describe
from game.variants import VARIANTS, Variant
from sprites.scenes.help import topics
from sprites.table.standings import KEY as STANDINGS_KEY

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULEBOOK = "/work/shared/rules/rulebook.txt"
VARIANT_WORD = "desolation"


# ----- the view never names a variant of its own ------------------------------------------------
def mentions(source, word=VARIANT_WORD):
    """Lines where a module's code names ``word`` (any case): in a name, an attribute, a
    function's, class's or argument's name, an imported name or a string (docstrings included)."""
    lines = set()
    for node in ast.walk(ast.parse(source)):
        found = []
        if isinstance(node, ast.Name):
            found = [node.id]
        elif isinstance(node, ast.Attribute):
            found = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = [node.name]
        elif isinstance(node, ast.arg):
            found = [node.arg]
        elif isinstance(node, ast.keyword):
            found = [node.arg or ""]
        elif isinstance(node, ast.alias):
            found = [node.name, node.asname or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found = [node.value]
        if any(word in text.lower() for text in found):
            lines.add(node.lineno)
    return sorted(lines)


def test_the_scan_finds_a_variant_named_in_code_and_words():
    assert mentions("if view['desolation'] is not None:\n    pass\n") == [1]
    assert mentions("x = data.desolation\ndef draw_desolation(Desolation):\n    '''In Desolation.'''\n") == [1, 2, 3]
    assert mentions("from game.data import desolation as d\nf(desolation=1)\n") == [1, 2]
    assert mentions("# Desolation, in a comment only\nx = 'standard'\n") == []


def test_no_view_module_names_the_desolation_variant():
    """The view draws a variant from its description (the board's ``variant_table``); its name,
    words and numbers are the engine's and data/'s. Before: 10 modules, 40 lines."""
    named = {}
    for base, _, files in os.walk(os.path.join(ROOT, "sprites")):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(base, f)
                with open(path, encoding="utf-8") as fh:
                    lines = mentions(fh.read())
                if lines:
                    named[os.path.relpath(path, ROOT)] = lines
    assert named == {}


# ----- the engine's description ------------------------------------------------------------------
def plain(x):
    """JSON's own types only (no tuple, no number as a key)."""
    if isinstance(x, dict):
        return all(isinstance(k, str) and plain(v) for k, v in x.items())
    if isinstance(x, list):
        return all(plain(v) for v in x)
    return x is None or isinstance(x, (str, int, float, bool))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_is_described_in_plain_data_with_the_datas_numbers(name):
    data = default_data()
    table = describe(data, Variant.parse(name))
    assert plain(table) and json.loads(json.dumps(table)) == table
    terrify = table["markers"]["terrify"]
    team = table["team"]
    if not Variant.parse(name).desolation:
        assert table["header"] is None and team is None
        vp = data.scoring["independent"]["terrify"]
        assert terrify["label"] == f"Terrify +{vp} VP" and terrify["tip"].format(holder="Ash") == f"+{vp} VP: Ash."
        return
    assert "(cooperative)" in table["header"]
    assert "no VP" in terrify["tip"] and "VP" not in terrify["label"]
    assert [(b["max"], b["name"]) for b in team["bands"]] == list(data.desolation["levels"])
    assert team["bands"][-1]["max"] is None, "the last band takes every higher total"
    sp = data.desolation["survival_points"]
    assert f"city {sp['city']}" in team["rules"]["text"] and team["bands"][1]["name"] in team["rules"]["text"]


def test_the_desolation_table_says_what_the_rulebook_says():
    """The rulebook's Desolation of the Old World: "there is no individual scoring" (the Terrify
    counter's VP are individual: worth nothing), the Level of Destruction by SP Total."""
    with open(RULEBOOK, encoding="utf-8") as fh:
        book = fh.read()
    section = book[book.index("\nDesolation of the Old World\n"):book.index("\nCredits\n", book.index("Two- and"))]
    assert "there is no individual scoring" in section
    table = describe(default_data(), Variant(desolation=True))
    team = table["team"]
    assert team["rules"]["section"] == "Desolation of the Old World"
    rows = re.findall(r"^(\d+)(?:–(\d+)|\+)?\t(.+)$", section.split("Level of Destruction by SP Total")[1], re.M)
    low = 0
    for (first, last, name), band in zip(rows, team["bands"], strict=True):
        assert band["name"] == name and int(first) == low
        assert band["max"] == (int(last) if last else None if band is team["bands"][-1] else int(first))
        low = (band["max"] or 0) + 1
    assert (team["points"], team["unit"], team["level"]) == ("Survival Points", "SP", "Level of Destruction")


@pytest.mark.parametrize("variant", ["standard", "desolation", "strategist+desolation"])
def test_every_seat_and_a_spectator_get_the_same_public_description_and_the_teams_result(variant):
    g = new_game(4, seed=3, variant=variant)
    rng = random.Random(3)
    for _ in range(120):
        g.apply(rng.choice(g.decision.options))
    snaps = seat_snapshots(g, [None, 0, 1, 2, 3])
    for snap in snaps.values():
        board = snap["board"]
        assert board["variant_table"] == describe(g.data, g.variant)
        assert board["team_result"] == (g.desolation() if g.cooperative else None)
        assert json.loads(json.dumps(board["variant_table"])) == board["variant_table"]
    assert "desolation" not in snaps[0]["board"], "the board's old entry is gone (protocol 4)"


# ----- the view draws a team's game from its description alone -----------------------------------
def made_up(monkeypatch):
    """Every board describes its team's game in other words (a new cooperative variant's table,
    as the engine would describe it): what the view draws must follow."""
    import game.view
    real = game.view.describe

    def other_words(data, variant):
        table = real(data, variant)
        if table["team"]:
            table["header"] = "Test ruin (together)"
            table["markers"]["terrify"] = {"label": "Fear token", "short": "Fear", "tip": "Fear token: {holder}."}
            table["team"] = dict(table["team"], title="Ruin of the Test World", goal="Team goal: ruin the test.",
                                 standings="The test team wants few Ruin Points.", points="Ruin Points",
                                 unit="RP", left="Ruin Points still standing", level="Rung of Ruin",
                                 levels="Rungs of Ruin")
        return table
    monkeypatch.setattr(game.view, "describe", other_words)


def finished(seed=3):
    s = Session.new([Seat(n, d) for n, d in (("Ash", "Black"), ("Bryn", "Blue"), ("Cora", "Green"))], seed=seed,
                    variant="desolation")
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


def no_survival_words(shown):
    said = [s for s in shown if "Survival" in s or re.search(r"\bSP\b", s) or "Terrify counter" in s]
    assert said == [], "words the view did not take from the description"


def _terrify_holder(table):
    """Who holds the Terrify counter, as the markers' tooltip names them."""
    holder = table.view["markers"].get("terrify")
    return "nobody" if holder is None else table.view["players"][holder]["name"]


def test_the_table_and_the_standings_draw_a_teams_game_in_its_descriptions_words(monkeypatch):
    made_up(monkeypatch)
    drawn = DrawnText(monkeypatch)
    session = reach(lambda g: g.state.century >= 3 and g.decision.kind == "attack_turn", 3, "desolation")
    app = make_app()
    table = app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    now = session.game.desolation()
    assert any(s.endswith("  -  Test ruin (together)") for s in shown), "the header's words"
    text = " ".join(shown)                     # (the left column wraps its lines)
    assert "Team goal: ruin the test." in text and f"Now: {now['survival_points']} RP - {now['level']}." in text
    assert "Fear token" in shown
    assert f"Fear token: {_terrify_holder(table)}." in table.tips["info:markers"]
    no_survival_words(shown)
    press(app, STANDINGS_KEY)
    assert table.standings.open
    drawn.clear()
    table.standings._image = None
    table.standings.draw(app.screen, None)
    panel = drawn.strings()
    assert any("The test team wants few Ruin Points." in s for s in panel)
    assert f"Ruin Points on the board now: {now['survival_points']} (fewer is better)" in panel
    assert f"Rung of Ruin now: {now['level']}" in panel and "Rungs of Ruin" in panel
    assert "RP" in panel and any(s.endswith(" RP") for s in panel)
    no_survival_words(panel)


def test_the_scores_screen_draws_a_teams_result_in_its_descriptions_words(monkeypatch):
    made_up(monkeypatch)
    drawn = DrawnText(monkeypatch)
    session = finished()
    result = session.game.desolation()
    app = make_app()
    app.start_game(session, handoff=False)
    drawn.clear()
    redraw(app)
    shown = drawn.strings()
    assert f"Ruin of the Test World: {result['level']}" in shown
    assert f"Ruin Points left on the board: {result['survival_points']} (fewer is better)" in shown
    assert "Result" in shown and "Rungs of Ruin" in shown
    no_survival_words(shown)
    for _ in range(2):
        press(app, pygame.K_RIGHT)
    assert app.scene.tab == "tab:chart"
    drawn.clear()
    redraw(app)
    chart = drawn.strings()
    assert "Ruin Points still standing" in chart
    assert f"Ruin Points {result['survival_points']}" in chart
    assert any(s.startswith("Leveled to Ruins (10 RP or fewer)") for s in chart)
    no_survival_words(chart)


def test_the_rules_help_takes_a_team_variants_topic_from_the_engine():
    data = default_data()
    team = describe(data, Variant(desolation=True))["team"]
    shown = {t.title: t for t in topics(data)}
    topic = shown[team["rules"]["title"]]
    assert (topic.section, topic.text) == (team["rules"]["section"], team["rules"]["text"])
    assert shown["The goal"].text.endswith(" " + team["in_short"])
    titles = list(shown)
    assert titles.index("The Strategist") + 1 == titles.index(team["rules"]["title"]), "the rulebook's order"
