"""Rule numbers come from data/: change them in a test-only data set, and the
engine, its sentences, the view's texts and the AI all follow."""
import os
import shutil

import pytest

from game import load_data, new_game
from game.actions import act
from game.ai.quick import attack_target
from game.state import CITY
from rules_helpers import refresh

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def odd_data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("data")
    for name in os.listdir(os.path.join(ROOT, "data")):
        if name.endswith(".yaml"):
            shutil.copy(os.path.join(ROOT, "data", name), folder / name)
    setup = (folder / "setup.yaml").read_text()
    for old, new in (("city: [[2, 3]]", "city: [[3, 2]]"), ("heal: {consume_noble: 2, lick_wounds: 1}",
                                                          "heal: {consume_noble: 3, lick_wounds: 2}"),
                     ("divination: {draw: 2, discard: 1}", "divination: {draw: 3, discard: 2}")):
        assert old in setup
        setup = setup.replace(old, new)
    (folder / "setup.yaml").write_text(setup)
    scoring = (folder / "scoring.yaml").read_text().replace("terrify: 3 ", "terrify: 5 ")
    (folder / "scoring.yaml").write_text(scoring)
    return load_data(str(folder))


def test_sentences_and_help_follow_the_data(odd_data):
    g = new_game(3, seed=1, data=odd_data)
    assert g.describe(act("consume_noble")) == "Consume a noble (+3 Life)"
    assert g.describe(act("divination")) == "Divination: burn a field, draw 3, discard 2"
    assert g.action_kind("consume_noble").help(g) == "Consume a noble: +3 Life (never above your maximum)."
    assert g.action_kind("lick_wounds").help(g).startswith("Lick wounds: discard cards for +2 Life each")
    g.event("takes_marker", 0, marker="terrify")
    assert g.view(0)["log"][-1]["text"] == f"{g.name(0)} holds the +5 VP counter."
    from sprites.scenes.help import topics
    from sprites.table.tips import attack_cost_text
    text = " ".join(t.text for t in topics(odd_data))
    assert "or a city (2 Life)" in text and "Eat a noble for +3 Life" in text and "draw 3 cards, then discard 2" in text
    assert "5 VP for Terrify" in text
    assert attack_cost_text(g.hits[CITY]) == " (3 Attack icons, 2 Life)"


def test_the_engine_and_the_ai_follow_the_attack_costs(odd_data):
    g = new_game(3, seed=1, data=odd_data)
    p = g.state.players[0]
    p.region = "Gallia"
    g.regions["Gallia"].sites = [CITY, 0, 0, 0, 0, 0]
    p.life, p.pool, p.hand = 3, 2, []
    refresh(g)
    assert not attack_target(g, p, 0)          # a city takes 3 icons in this data set, 2 are not enough
    p.pool = 3
    assert attack_target(g, p, 0)              # and costs 2 Life: a dragon with 3 Life can take it
