"""AI dragons keep their time (issue 26): every level that searches reads its
deadline inside the search and inside the playouts (the turn search, each
playout) and, once it has passed, answers with the best it has; before
anything was valued, the quick policy's choice.

Measured in work, never in wall time: the clocks here count engine steps
(``Game.apply``: time passes as the AI works, whether it looks at the clock
or not) or their own readings, so a budget is a number of steps or readings."""
from __future__ import annotations

import random

import pytest

from game import Game, new_game
from game.ai import make_ai, montecarlo
from game.ai.deadline import Deadline
from game.ai.determinize import determinize
from game.ai.planner import CUT, TurnPlanner
from game.ai.quick import quick_scores

SEARCHING = ("normal", "hard", "expert")
KINDS = ("place_dragon", "lair_action", "select_card", "attack_turn")


class Ticks:
    """One tick per reading."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


class Work:
    """One tick per engine step the AI takes (installed with ``count_work``)."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


@pytest.fixture
def count_work(monkeypatch):
    """Make ``Game.apply`` advance every ``Work`` clock made after this, and
    count the steps taken once the AI's deadline had passed."""
    clocks, late = [], []
    real = Game.apply

    def counted(game, action):
        for clock, ai in clocks:
            if clock.now >= ai.deadline.at:
                late.append(1)
            clock.now += 1
        return real(game, action)
    monkeypatch.setattr(Game, "apply", counted)

    def ai_on_work(level, budget):
        clock = Work()
        ai = make_ai(level, 3, budget=budget, clock=clock)
        clocks[:] = [(clock, ai)]
        late.clear()
        return ai, clock, late
    return ai_on_work


def position(kind, seed=8, also=lambda g: True):
    """A 4-player game at the first decision of ``kind`` with several options
    for which ``also(game)`` holds (the seats play easy)."""
    g = new_game(4, seed=seed)
    driver = [make_ai("easy", i) for i in range(4)]
    while not (g.decision.kind == kind and len(g.decision.options) > 2 and g.state.century >= 2 and also(g)):
        g.apply(driver[g.decision.player].choose(g, g.decision.player))
    return g


@pytest.fixture(scope="module")
def positions():
    return {kind: position(kind) for kind in KINDS}


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("kind", KINDS)
def test_every_searching_level_stops_as_its_deadline_passes(count_work, positions, level, kind):
    """Given half the steps its search takes when time is plenty, the search
    stops short (as the deadline passes, or as the next world would not fit
    before it), and hardly an engine step is taken after the deadline."""
    g = positions[kind]
    seat = g.decision.player
    ai, clock, late = count_work(level, 10 ** 9 if level != "expert" else 20000)
    ai.choose(g.copy(), seat)
    full = clock.now
    ai, clock, late = count_work(level, full // 2)
    assert ai.choose(g.copy(), seat) in g.decision.options
    assert clock.now < full, "the budget was not short: nothing to stop"
    assert len(late) <= 2, f"{len(late)} engine steps after the deadline"


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("kind", KINDS)
def test_with_no_time_at_all_the_quick_policy_s_choice_is_ready(positions, level, kind):
    """The fallback is always ready: a deadline that has passed before the search
    could value anything gives the quick policy's (easy's) choice."""
    g = positions[kind]
    seat = g.decision.player
    d = g.decision
    ai = make_ai(level, 3, budget=0.5, clock=Ticks())      # passed at the first reading after the start
    choice = ai.choose(g.copy(), seat)
    scores = quick_scores(g, seat, d)
    assert scores[d.options.index(choice)] == max(scores)


def test_the_expert_plays_more_playouts_with_more_time_and_none_after_its_deadline(monkeypatch, count_work,
                                                                                    positions):
    """Counted playouts: more budget, more playouts, and none is started once
    the deadline has passed."""
    g = positions["place_dragon"]
    seat = g.decision.player
    started, late = [], []
    real = montecarlo.playout

    def counted(*args, **kwargs):
        started.append(1)
        if clock.now >= ai.deadline.at:
            late.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(montecarlo, "playout", counted)
    played = []
    for budget in (3000, 12000):
        started.clear()
        ai, clock, late_steps = count_work("expert", budget)
        assert ai.choose(g.copy(), seat) in g.decision.options
        played.append(len(started))
        assert len(late_steps) <= 2
    assert 0 < played[0] < played[1]
    assert not late


def test_a_playout_past_its_deadline_stops_at_once_and_is_not_counted(positions):
    g = positions["place_dragon"]
    seat = g.decision.player
    c = g.copy()
    before = c.to_dict()
    assert montecarlo.playout(c, seat, montecarlo.SameRng(1), deadline=Deadline(0, lambda: 1)) is None
    assert c.to_dict() == before
    assert montecarlo.playout(g.copy(), seat, montecarlo.SameRng(1)) is not None


def test_the_turn_search_answers_with_its_best_complete_line(positions):
    """Cut by its deadline, the turn search keeps the best line it completed;
    cut before any, it says so (``CUT``) and its caller plays the quick policy."""
    g = positions["attack_turn"]
    seat = g.decision.player
    root = determinize(g, seat, random.Random(1))
    full = TurnPlanner(seat, 60, random.Random(2))
    value, line = full.plan(root.copy())
    clock = Ticks()
    cut = TurnPlanner(seat, 60, random.Random(2), deadline=Deadline(40, clock))
    v, short = cut.plan(root.copy())
    assert cut.stopped and cut.nodes < full.nodes
    assert short and short[0][1] in g.decision.options and v <= value
    late = TurnPlanner(seat, 60, random.Random(2), deadline=Deadline(0, clock))
    assert late.plan(root.copy()) == CUT and late.nodes == 0
    assert late.alternatives(root.copy()) == []


def test_the_expert_s_turn_search_values_every_first_step_however_its_deadline_falls(positions):
    """The expert searches its turn with more positions while time remains, and
    the search its deadline cuts does not decide: every first step of the turn
    is valued (one unbounded search cut by the deadline valued only the first
    steps it reached, and the expert never chose the others)."""
    from game.ai.planner import candidate_steps
    g = positions["attack_turn"]
    seat = g.decision.player
    root = determinize(g, seat, random.Random(1))
    steps = candidate_steps(root, seat, root.decision)
    assert len(steps) > 2
    searched = []
    for budget in (2000, 8000, 30000):
        ai = make_ai("expert", 3, budget=budget, clock=Ticks())
        ai.began = ai.clock()
        out = ai.turn_alternatives(root.copy(), seat, random.Random(2))
        assert {repr(line[0][1]) for _, line in out} == {repr(a) for a in steps}
        assert ai.clock.now <= ai.search_deadline().at + 2
        searched.append(ai.clock.now)
    assert searched[0] < searched[-1], "more time, more positions searched"


def test_the_last_dragon_of_a_century_gives_its_turn_search_the_time_no_playout_needs(positions):
    """No dragon attacks after the last one of a century, so nothing responds to
    its plans and the expert plays none out: its turn search may take most of
    the budget (``LAST_TURN_SHARE``), where a turn that playouts follow gives
    the search ``SEARCH_SHARE`` and the playouts the rest."""
    from game.ai import expert
    from game.ai.hard import others_attack_after
    first = positions["attack_turn"]
    assert others_attack_after(first)
    last = position("attack_turn", also=lambda g: not others_attack_after(g))
    for g, share in ((first, expert.SEARCH_SHARE), (last, expert.LAST_TURN_SHARE)):
        ai = make_ai("expert", 3, budget=4000, clock=Ticks())
        assert ai.choose(g.copy(), g.decision.player) in g.decision.options
        assert ai.search_deadline().at == ai.began + share * 4000


def test_the_expert_plays_out_the_cards_it_could_discard_and_hard_judges_them_one_step(monkeypatch):
    """Which card to keep shapes a century as much as which card to pick: with
    its time to spare the expert plays out each discard outside its turn (the
    Awakening's, the Plot's) to the end of the century; hard, whose budget is
    small, judges them one step ahead."""
    from game.ai.planner import in_turn
    g = position("discard", also=lambda g: not in_turn(g, g.decision.player))
    seat = g.decision.player
    started = []
    real = montecarlo.playout

    def counted(*args, **kwargs):
        started.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(montecarlo, "playout", counted)
    played = {}
    for level in ("hard", "expert"):
        started.clear()
        assert make_ai(level, 3, budget=4000, clock=Ticks()).choose(g.copy(), seat) in g.decision.options
        played[level] = len(started)
    assert played["hard"] == 0 < played["expert"]
