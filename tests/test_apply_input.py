"""Game.apply refuses every input that is not one of the current options
with an IllegalAction that says why, and leaves the game as it was
(issue 12, point 8): wrong types, unknown names, huge numbers, not an
Action at all, at every kind of decision."""
import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import VARIANTS, Action, IllegalAction, new_game
from game.actions import FIELDS


def games_at_every_kind_of_decision():
    """(game, kind) at the first few decisions of each kind in seeded games."""
    seen = {}
    for seed in range(20):
        g = new_game(2 + seed % 5, seed=seed, variant=VARIANTS[seed % 4])
        rng = random.Random(seed)
        while not g.is_over:
            kind = g.decision.kind
            if seen.get(kind, 0) < 3:
                seen[kind] = seen.get(kind, 0) + 1
                yield g, kind
            g.apply(rng.choice(g.decision.options))


def refused_unchanged(g, action):
    before = g.to_dict()
    options = list(g.decision.options)
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert str(err.value).strip(), action
    assert g.to_dict() == before and list(g.decision.options) == options
    return str(err.value)


MALFORMED = [
    Action("attack", site="0"), Action("attack", site=0, icons="1"), Action("play_card", card=["x"], alt=0),
    Action("lair_action", choice=["plot"]), Action("scheme_pick", card={"a": 1}), Action("discard", card=None),
    Action("place", region=["Gallia"]), Action("place", region=7), Action("move", region=b"Gallia"),
    Action("play_card", card="heal_1", alt=1.5), Action("play_card", card="heal_1", alt=True),
    Action("attack", site=10 ** 5000), Action("attack", site=-(10 ** 30), icons=10 ** 40),
    Action(["end_turn"]), Action(None), Action(7), Action("", choice="x" * 10 ** 6), Action("draw\x00"),
    Action("place", region="Atlantis"), Action("discard", card="ace_of_spades"), Action("choose_ability", choice={}),
    "end_turn", None, 3, {"kind": "end_turn"}, ("place", "Gallia"), object(),
]


def test_malformed_actions_are_illegal_at_every_kind_of_decision():
    kinds = set()
    for g, kind in games_at_every_kind_of_decision():
        kinds.add(kind)
        for action in MALFORMED:
            refused_unchanged(g, action)
    assert kinds >= {"attack_turn", "attack_assign", "discard", "lair_action", "select_card", "place_dragon",
                     "scheme_pick", "level_up", "first_strike", "choose_resource", "raze"}, kinds


def test_the_reason_names_the_bad_field():
    g = new_game(3, seed=1)
    assert "site must be a whole number" in refused_unchanged(g, Action("attack", site="0"))
    assert "choice must be text" in refused_unchanged(g, Action("lair_action", choice=["plot"]))
    assert "expected an Action, got text" in refused_unchanged(g, "end_turn")


any_value = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-10, 10), st.floats(), st.text(max_size=20),
                      st.sampled_from(["Gallia", "heal_1", "plot", "gold", "left", "end_turn", "attack", "place"]),
                      st.lists(st.integers(), max_size=2), st.binary(max_size=4), st.just(["plot"]))


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.integers(0, 250), pick=st.floats(0, 1, exclude_max=True),
       field=st.sampled_from(("kind",) + FIELDS), value=any_value)
def test_an_offered_action_with_one_field_changed_is_applied_or_refused(steps, pick, field, value):
    """The inputs a buggy driver sends: one of the options with one field
    replaced by anything (as in the issue's 12,391 tries)."""
    g = new_game(4, seed=steps % 7, variant="strategist")
    rng = random.Random(steps)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(rng.choice(g.decision.options))
    if g.is_over:
        return
    options = g.decision.options
    action = dataclasses.replace(options[int(pick * len(options))], **{field: value})
    if offered(g, action):
        g.apply(action)
    else:
        refused_unchanged(g, action)


def offered(g, action):
    """One of the options, field for field and type for type (True == 1 and 1.0 == 1 in Python,
    but an Action with alt=True is malformed)."""
    same_types = lambda o: all(type(getattr(o, f)) is type(getattr(action, f)) for f in ("kind", *FIELDS))  # noqa: E731
    return any(o == action and same_types(o) for o in g.decision.options)
