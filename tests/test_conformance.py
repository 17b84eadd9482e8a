"""Random-playout conformance: seeded random legal options until the game ends,
for 2-6 players and every variant. After every action every piece and card is
in exactly one place and Life stays within 1..max; anything not offered is
refused with IllegalAction and a reason."""
import random

import pytest

from game import VARIANTS, Action, IllegalAction, new_game
from game.invariants import check

# A pool of actions, most of them illegal at any given moment.
PROBES = [Action("end_turn"), Action("stop_attack"), Action("divination"), Action("consume_noble"),
          Action("turn_hex", choice="left"), Action("turn_hex_free", choice="right"),
          Action("move", region="Gallia"), Action("fly", region="Scandia"), Action("place", region="Slavia"),
          Action("lair_action", choice="terrify"), Action("lair_action", choice="hoard"),
          Action("play_card", card="attack_gallia_1", alt=0), Action("play_card", card="heal_1", alt=0),
          Action("play_card", card="valiant_knight_britannia", alt=0), Action("use_hex", card="hex_red_1"),
          Action("attack", site=0, icons=2), Action("discard", card="hex_black_1"),
          Action("select_card", card="foresight_2"), Action("choose_resource", choice="gold"),
          Action("level_up", choice="dragon_wrath"), Action("raze", site=5), Action("nonsense")]


def playout(n, seed, variant):
    g = new_game(n, seed=seed, variant=variant)
    rng = random.Random(seed * 7 + n)
    steps = 0
    while not g.is_over:
        d = g.decision
        assert d.options and len(set(d.options)) == len(d.options)
        for probe in rng.sample(PROBES, 3):
            if probe not in d.options:
                with pytest.raises(IllegalAction) as err:
                    g.apply(probe)
                assert str(err.value).strip()
        g.apply(rng.choice(d.options))
        steps += 1
        problems = check(g)
        assert not problems, f"after step {steps}: {problems}"
    return g, steps


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playout(n, variant):
    for seed in range(3):
        g, steps = playout(n, seed, variant)
        assert g.decision is None and g.state.century == 6 and steps > 50
        if "desolation" in variant:
            assert g.final_scores() == [] and g.desolation()["level"]
        else:
            scores = g.final_scores()
            assert len(scores) == n and scores[0]["rank"] == 1
            assert sorted(e["seat"] for e in scores) == list(range(n))
        with pytest.raises(IllegalAction, match="over"):
            g.apply(Action("end_turn"))


def test_random_playouts_use_every_decision_kind():
    kinds = set()
    for seed in range(12):
        g = new_game(4, seed=seed)
        rng = random.Random(seed)
        g.state.markers  # noqa: B018
        while not g.is_over:
            kinds.add(g.decision.kind)
            g.apply(rng.choice(g.decision.options))
    assert {"discard", "lair_action", "scheme_pick", "first_strike", "select_card", "place_dragon",
            "attack_turn", "attack_assign", "level_up"} <= kinds
