"""The evaluation of hard and the expert, learned from self-play (game/ai/learned.py)."""
from __future__ import annotations

import random

from game import new_game
from game.ai import learned, make_ai, montecarlo
from game.ai.evaluate import turns_left


def _play_to_end(seed=3, players=4):
    g = new_game(players, seed=seed)
    ais = [make_ai("easy", s) for s in range(players)]
    while not g.is_over:
        g.apply(ais[g.decision.player].choose(g, g.decision.player))
    return g


def test_at_the_end_of_the_game_the_value_is_the_real_margin_in_victory_points():
    """Rulebook, Winning the Game: "the dragon that earns the most Victory Points
    (VP) is the winner". Once the game is over nothing is left to predict: a
    seat's value is its final VP minus the other dragons' average, as the final
    scores give them."""
    for seed in (3, 4):
        g = _play_to_end(seed)
        total = {e["seat"]: e["total"] for e in g.final_scores()}
        for seat in range(4):
            others = [total[s] for s in range(4) if s != seat]
            assert abs(learned.value(g, seat) - (total[seat] - sum(others) / 3)) < 1e-9


def test_the_values_of_all_seats_balance_out():
    """Each seat is valued against the others' average with the same weights, so
    what one dragon is ahead, the others are behind: the values add up to 0."""
    g = new_game(4, seed=5)
    ais = [make_ai("easy", s) for s in range(4)]
    while g.state.century < 3:
        g.apply(ais[g.decision.player].choose(g, g.decision.player))
    assert len({turns_left(g, s) for s in range(4)}) == 1
    assert abs(sum(learned.value(g, s) for s in range(4))) < 1e-9
    assert any(abs(learned.value(g, s)) > 0.1 for s in range(4))


def test_every_number_of_turns_left_has_a_weight_for_every_feature():
    assert sorted(learned.WEIGHTS) == [1, 2, 3, 4, 5]
    assert all(len(w) == len(learned.FEATURES) for w in learned.WEIGHTS.values())
    rows = learned.features(new_game(3, seed=1))
    assert len(rows) == 3 and all(len(f) == len(learned.FEATURES) for _, f in rows)


def test_hard_and_the_expert_judge_with_the_learned_evaluation_and_normal_does_not():
    """The learned evaluation is hard's and the expert's: their searches value
    positions with it and their playouts end on it, at the end of the century;
    normal keeps the hand-set evaluation."""
    from game.ai import evaluate
    assert make_ai("expert", 1).judge is learned.value and make_ai("hard", 1).judge is learned.value
    assert make_ai("normal", 1).judge is evaluate.value
    ended = []
    g = new_game(4, seed=8)
    driver = [make_ai("easy", i) for i in range(4)]
    while g.decision.kind != "place_dragon":
        g.apply(driver[g.decision.player].choose(g, g.decision.player))

    def judge(world, seat):
        ended.append(world.state.century)
        return learned.value(world, seat)

    century = g.state.century
    montecarlo.playout(g.copy(), g.decision.player, random.Random(1), judge=judge)
    assert ended == [century + 1]
