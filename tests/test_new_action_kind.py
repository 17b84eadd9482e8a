"""A new action kind needs its spec and a place in its decision's list, nothing
else: the engine offers, applies and explains it, the view targets and
describes it, the AI scores it by what it touches.

The toy kind "dig" (burn a field to take gold from the stockpile, its amount
in a test-only data set) is added to the attack turn's list of kinds here,
without changing any module of the game."""
import math
import os
import random
import shutil

import pytest

from game import Action, load_data, new_game
from game.actions import act
from game.ai import make_ai
from game.ai.quick import quick_scores, score_touch
from game.kinds import ActionKind, Touch
from game.phases import attack
from game.snapshot import seat_snapshot, table
from sprites.table import tips
from sprites.targets import group_options

DIG = act("dig")


class Dig(ActionKind):
    """Burn a field from the Dragon Card or the lair to take gold from the stockpile."""
    names = ("dig",)

    def options(self, g, f):
        p = g.state.players[f.seat]
        return [DIG] if g.available(p, "field") and g.state.stock["gold"] else []

    def refused(self, g, f, a):
        return "Digging needs a field, and gold left in the stockpile."

    def apply(self, g, f, a):
        p = g.state.players[f.seat]
        g.spend(p, "field")
        for _ in range(g.data.setup["dig"]["gold"]):
            if g.state.stock["gold"]:
                g.state.stock["gold"] -= 1
                p.card.res["gold"] += 1
                g.event("takes", p.seat, res="gold", region=None)

    def sentence(self, g, a):
        return f"Dig: burn a field for {g.data.setup['dig']['gold']} gold"

    def touches(self, g, a):
        return Touch(spends={"field": 1}, gains={"gold": g.data.setup["dig"]["gold"]})


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """A test-only data set with the toy's number, and the toy in the turn's list."""
    folder = tmp_path / "data"
    shutil.copytree(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data"), folder)
    with open(folder / "setup.yaml", "a", encoding="utf-8") as fh:
        fh.write("dig: {gold: 2}\n")
    monkeypatch.setattr(attack.Turn, "kinds", attack.Turn.kinds[:-1] + (Dig(),) + attack.Turn.kinds[-1:])
    return load_data(str(folder))


def turn_with_a_field(data, seed=4):
    """A 3-player game at an attack turn whose dragon holds a field."""
    for s in range(seed, seed + 40):
        g = new_game(3, seed=s, data=data)
        rng = random.Random(s)
        while not g.is_over:
            d = g.decision
            if d.kind == "attack_turn" and DIG in d.options:
                return g
            g.apply(rng.choice([a for a in d.options if a != DIG] or d.options))
    raise AssertionError("no dragon with a field in 40 games")


def test_the_engine_offers_applies_and_explains_the_new_kind(toy):
    g = turn_with_a_field(toy)
    p = g.state.players[g.decision.player]
    gold, fields = p.card.res["gold"], g.available(p, "field")
    assert g.describe(DIG) == "Dig: burn a field for 2 gold"
    g.apply(DIG)
    assert p.card.res["gold"] == gold + 2 and g.available(p, "field") == fields - 1
    assert g.view(0)["log"][-1]["text"].endswith("takes a gold from the stockpile.")
    while g.available(p, "field"):
        g.apply(DIG)
    assert DIG not in g.decision.options
    assert g.why_illegal(Action("dig")) == "Digging needs a field, and gold left in the stockpile."


def test_the_view_offers_it_with_its_sentence(toy):
    g = turn_with_a_field(toy)
    d = g.decision
    p = g.state.players[d.player]
    i = d.options.index(DIG)
    snap = seat_snapshot(g, d.player)
    v, options = snap["board"], snap["decision"]["options"]
    groups = group_options(options, p.hand, v["track"], [], g.data.cards)
    assert groups[f"option:{i}"] == [i]                  # in the list of choices (it touches nothing to click)
    names = [q["name"] for q in v["players"]]
    assert tips.build(g.data, v, options, groups, p.hand, names, table(g))[f"option:{i}"] == \
        "Dig: burn a field for 2 gold"


@pytest.mark.slow
def test_the_ai_uses_it_without_knowing_it(toy):
    g = turn_with_a_field(toy)
    d = g.decision
    p = g.state.players[d.player]
    i = d.options.index(DIG)
    scores = quick_scores(g, d.player, d)
    assert scores[i] == score_touch(g, p, g.touches(DIG)) > 0
    # The planning AI searches through it like any other step, to the end of a game.
    ais = [make_ai("normal", seat, budget=math.inf) for seat in range(3)]     # the same game on any machine
    dug = 0
    for _ in range(400):
        if g.is_over:
            break
        d = g.decision
        a = ais[d.player].choose(g, d.player)
        dug += a == DIG
        g.apply(a)
    assert dug > 0


class DigButton(Dig):
    """The same toy, chosen by a button of the table's own."""
    button = "Dig"

    def help(self, g):
        return f"Dig: burn a field for {g.data.setup['dig']['gold']} gold (as often as you have fields)."


@pytest.fixture
def toy_button(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data"), folder)
    with open(folder / "setup.yaml", "a", encoding="utf-8") as fh:
        fh.write("dig: {gold: 2}\n")
    monkeypatch.setattr(attack.Turn, "kinds", attack.Turn.kinds[:-1] + (DigButton(),) + attack.Turn.kinds[-1:])
    return load_data(str(folder))


def test_a_kind_with_a_button_gets_its_button_on_the_table_from_its_spec_alone(toy_button):
    """A table button for a new kind is its spec's ``button`` and ``help``: no module of
    the view names it (docs/architecture.md counts the files such a change touches)."""
    from ui_helpers import click, make_app
    from app.session import Seat, Session
    g = turn_with_a_field(toy_button)
    d = g.decision
    seats = [Seat(n, p.dragon) for n, p in zip(("Ash", "Bryn", "Cora"), g.state.players)]
    app = make_app()
    table = app.start_game(Session(seats=seats, seed=0, game=g), handoff=False)
    table.seats.take_over(d.player)
    table.refresh()
    assert table.element("button:dig") is not None and table.labels["button:dig"] == "Dig"
    assert table.element("button:dig").tip.startswith("Dig: burn a field for 2 gold (as often")
    p = g.state.players[d.player]
    fields, gold = g.available(p, "field"), p.card.res["gold"]
    click(app, "button:dig")
    if table.dialog_kind == "confirm":
        click(app, "button:confirm")
    assert g.available(p, "field") == fields - 1 and p.card.res["gold"] == gold + 2
