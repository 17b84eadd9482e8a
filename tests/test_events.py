"""The log holds events (kind, seat, fields, who may read it); sentences are
made from them in one place (game/log_text.py) and nothing else reads words."""
import ast
import os
import random

import pytest

from bench.record_games import unhurried
from game import log_text, new_game
from game.events import EVENTS, RESERVED, visible_to

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def random_game(n, seed, variant="standard"):
    g = new_game(n, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.decision.options))
    return g


def test_every_event_kind_has_one_sentence():
    assert set(EVENTS) == set(log_text.SENTENCES)
    assert not any(set(fields) & set(RESERVED) for fields in EVENTS.values())


@pytest.mark.parametrize("n,seed,variant", [(2, 1, "standard"), (3, 4, "strategist+desolation"), (6, 2, "standard")])
def test_recorded_events_have_exactly_their_declared_fields(n, seed, variant):
    g = random_game(n, seed, variant)
    seen = set()
    for e in g.state.log:
        assert set(e) - {"private"} == {"kind", "seat", *EVENTS[e["kind"]]}, e
        assert e["seat"] is None or 0 <= e["seat"] < n
        assert e.get("private", e["seat"]) == e["seat"]     # only a seat's own lines are private to it
        seen.add(e["kind"])
    assert {"draws", "drew", "plays", "returns", "century_begins", "game_ends"} <= seen
    assert all(isinstance(t, str) and t for t in log_text.log_texts(g))


def test_private_events_are_only_for_their_owner():
    g = random_game(3, 7)
    private = [e for e in g.state.log if "private" in e]
    assert {e["kind"] for e in private} <= {"drew", "kept", "received", "sets_aside"}
    for seat in range(3):
        shown = [x["event"] for x in g.view(seat)["log"]]
        assert [e for e in g.state.log if visible_to(e, seat)] == shown
        assert all(e["private"] == seat for e in shown if "private" in e)


def ai_game(monkeypatch=None):
    g = new_game(3, seed=31, variant="standard")
    ais = [unhurried(level, 40 + seat) for seat, level in enumerate(("normal", "easy", "normal"))]
    actions = []
    for _ in range(140):
        d = g.decision
        a = ais[d.player].choose(g, d.player)
        actions.append(a)
        g.apply(a)
    return actions


@pytest.mark.slow
def test_rewording_the_log_changes_no_ai_choice(monkeypatch):
    """The AI's tracking of hidden lairs reads event fields: other words on
    screen leave every choice as it was."""
    before = ai_game()
    for kind in log_text.SENTENCES:
        monkeypatch.setitem(log_text.SENTENCES, kind, lambda g, e, who: "Something happened.")
    assert ai_game() == before


def test_no_ai_or_view_module_reads_the_log_words():
    """Only game/log_text.py writes the words; nothing in game/ai/ or sprites/
    imports it or parses text with regular expressions."""
    for folder in ("game/ai", "sprites"):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in files:
                if not name.endswith(".py"):
                    continue
                with open(os.path.join(base, name), encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        modules = [a.name for a in node.names] + [node.module or ""] \
                            if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                        assert "re" not in modules and not any(m.endswith("log_text") for m in modules), \
                            f"{folder}/{name} imports {modules}"


def test_loot_counts_read_in_good_english():
    """A dragon's return to its lair names its loot as a player would say it:
    "2 nobles, 1 field", while livestock and gold have no plural."""
    e = {"res": {"livestock": 2, "gold": 3, "noble": 2, "field": 1}, "villages": {"Slavia": 2}, "cities": {"Gallia": 1}}
    assert log_text.loot(e) == "2 livestock, 3 gold, 2 nobles, 1 field, 2 villages of Slavia, 1 city of Gallia"


def test_an_attack_that_costs_no_life_says_so():
    """Playtest: the log read "destroys a village in Gallia: Life -0 (1 saved)" when the
    damage reduction saved all of it (Wrath Attack: "reduce damage taken by 1"). It says
    no Life was lost; an attack that costs Life still says how much."""
    g = new_game(3, seed=1)
    base = {"seat": 0, "kind": "destroys", "region": "Gallia", "size": "village", "icons": 1, "life": 4}
    text = log_text.SENTENCES["destroys"]
    assert text(g, dict(base, lost=0, saved=1), "Ash") == "Ash destroys a village in Gallia: no Life lost (1 saved), now 4."
    assert text(g, dict(base, lost=1, saved=0), "Ash") == "Ash destroys a village in Gallia: Life -1, now 4."
