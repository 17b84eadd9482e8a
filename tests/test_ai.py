"""AI dragons: legal choices, no peeking at hidden information, the simulator
and the headless JSON output."""
from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import VARIANTS, new_game
from game.ai import LEVELS, make_ai
from game.ai.determinize import determinize
from game.public_lairs import estimated_lairs
from game.invariants import check

ROOT = Path(__file__).resolve().parents[1]


class Ticks:
    """A clock that advances one tick per reading: the expert's time budget
    becomes a count of work, so its choices are reproducible in tests."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


def small(ai):
    """Shrink the search so a whole game stays quick in tests (same code paths);
    the time budget becomes a count of work (expert) or is lifted (normal,
    hard: their work bounds decide), so choices do not depend on the machine."""
    for name, v in (("turn_budget", 20), ("place_budget", 5), ("min_worlds", 2), ("max_worlds", 3),
                    ("candidates", 2)):
        if hasattr(ai, name):
            setattr(ai, name, v)
    if ai.level == "expert":
        ai.budget, ai.clock = 20, Ticks()
    elif hasattr(ai, "budget"):
        ai.budget = math.inf
    return ai


def play(g, ais, every=None):
    steps = 0
    while not g.is_over:
        d = g.decision
        a = ais[d.player].choose(g, d.player)
        assert a in d.options, f"{ais[d.player].level} chose {a} not in the options"
        g.apply(a)
        steps += 1
        if every and steps % every == 0:
            assert check(g) == []
    return g


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_and_easy_play_legal_whole_games(n, variant):
    g = new_game(n, seed=10 * n + len(variant), variant=variant)
    ais = [make_ai(("random", "easy")[i % 2], i) for i in range(n)]
    play(g, ais, every=25)
    assert g.is_over and check(g) == []


@pytest.mark.parametrize("n,variant", [(2, "desolation"), (3, "strategist"), (4, "standard"),
                                       (5, "strategist+desolation"), (6, "standard")])
@pytest.mark.slow
def test_all_levels_play_legal_whole_games(n, variant):
    g = new_game(n, seed=n, variant=variant)
    ais = [small(make_ai(LEVELS[(i + n) % len(LEVELS)], i)) for i in range(n)]
    play(g, ais)
    assert g.is_over and check(g) == []


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_ai("grandmaster")


def hidden_shuffled(g, seat, rng):
    """The same public position with everything ``seat`` cannot see changed:
    the other hands and the deck redealt (the public top-card back kept), the
    game's generator reseeded, and hoards moved between the other lairs."""
    h = g.copy(rng_state=rng.getrandbits(64), keep_log=True)
    s = h.state
    others = [p for p in s.players if p.seat != seat]
    top = s.deck[-1:] if s.deck else []
    pool = s.deck[:-1] if s.deck else []
    for p in others:
        pool += [c for c in p.hand if not h.cards[c].is_hex]
    rng.shuffle(pool)
    for p in others:
        p.hand = [c if h.cards[c].is_hex else pool.pop() for c in p.hand]
    s.deck = pool + top
    if not h.strategist and len(others) >= 2:
        a, b = others[0], others[1]
        for res in ("gold", "livestock"):
            if a.lair.res[res]:
                a.lair.res[res] -= 1
                b.lair.res[res] += 1
    assert check(h) == []
    return h


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", ["standard", "desolation"])
def test_choice_does_not_depend_on_hidden_information(level, variant):
    g = new_game(4, seed=21, variant=variant)
    driver = [make_ai("easy", i) for i in range(4)]
    rng = random.Random(5)
    compared = 0
    while not g.is_over and compared < 14:
        d = g.decision
        if len(d.options) > 1 and rng.random() < 0.25:
            seat = d.player
            other = hidden_shuffled(g, seat, rng)
            assert other.decision.options == d.options
            mine = small(make_ai(level, 99)).choose(g, seat)
            theirs = small(make_ai(level, 99)).choose(other, seat)
            assert mine == theirs, f"{level} changed its {d.kind} choice when hidden cards changed"
            compared += 1
        g.apply(driver[d.player].choose(g, d.player))
    assert compared >= 8


def test_lair_estimates_follow_the_public_log():
    for seed, n in ((1, 4), (2, 2), (3, 6)):
        g = new_game(n, seed=seed)
        ais = [make_ai("easy", i) for i in range(n)]
        play(g, ais)
        est = estimated_lairs(g, 0)
        for seat, lair in est.items():
            true = g.state.players[seat].lair
            assert lair.res == true.res
            assert {k: v for k, v in lair.villages.items() if v} == {k: v for k, v in true.villages.items() if v}
            assert {k: v for k, v in lair.cities.items() if v} == {k: v for k, v in true.cities.items() if v}


def test_determinized_copy_keeps_what_the_seat_knows():
    g = new_game(4, seed=8)
    ais = [make_ai("random", i) for i in range(4)]
    for _ in range(150):
        d = g.decision
        g.apply(ais[d.player].choose(g, d.player))
    seat = g.decision.player
    d = determinize(g, seat, random.Random(1))
    assert check(d) == []
    assert d.decision.options == g.decision.options
    me, copy = g.state.players[seat], d.state.players[seat]
    assert copy.hand == me.hand and copy.lair == me.lair
    assert len(d.state.deck) == len(g.state.deck)
    assert [len(p.hand) for p in d.state.players] == [len(p.hand) for p in g.state.players]


def test_simulate_cli_smoke(capsys):
    from app.simulate import main
    assert main(["--games", "3", "--players", "2-4", "--variant", "standard,desolation",
                 "--ai", "easy,random", "--check"]) == 0
    out = capsys.readouterr().out
    assert "games played: 3" in out and "errors: 0" in out and "win rate by AI level" in out


def test_headless_json_output_parses():
    r = subprocess.run([sys.executable, "main.py", "--headless", "--players", "3", "--seed", "4",
                        "--ai", "easy,random,easy", "--json"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [s["ai"] for s in data["seats"]] == ["easy", "random", "easy"]
    assert all("total" in s and "breakdown" in s for s in data["seats"])
    assert data["winner"] in (None, 0, 1, 2)
    best = max(s["total"] for s in data["seats"])
    assert all(s["total"] == sum(s["breakdown"].values()) for s in data["seats"])
    if data["winner"] is not None:
        assert data["seats"][data["winner"]]["total"] == best


def test_headless_rejects_a_bad_ai_list():
    r = subprocess.run([sys.executable, "main.py", "--headless", "--players", "3", "--ai", "easy,hard"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "levels" in r.stderr


def test_a_fast_copy_plays_on_exactly_like_a_saved_copy():
    from game import Game
    g = new_game(5, seed=12, variant="strategist")
    rng = random.Random(3)
    for _ in range(120):
        g.apply(rng.choice(g.decision.options))
    c, h = g.copy(), Game.from_dict(g.to_dict())
    a, b = c.to_dict(), h.to_dict()
    a["log"] = b["log"] = []
    assert a == b
    r1, r2 = random.Random(9), random.Random(9)
    while not h.is_over:
        assert c.decision.options == h.decision.options
        c.apply(r1.choice(c.decision.options))
        h.apply(r2.choice(h.decision.options))
    assert c.is_over and c.final_scores() == h.final_scores()


def test_easy_beats_random():
    """A sanity floor for the ladder: greedy play must crush uniform play."""
    wins = 0
    for seed in range(8):
        g = new_game(2, seed=seed)
        easy_seat = seed % 2
        ais = [make_ai("easy" if s == easy_seat else "random", seed) for s in range(2)]
        play(g, ais)
        ranks = {e["seat"]: e["rank"] for e in g.final_scores()}
        wins += ranks[easy_seat] == 1 and ranks[1 - easy_seat] != 1
    assert wins >= 7


def test_simulate_in_parallel_matches_serial():
    from app.simulate import run
    a = run(4, [2, 3], ["standard"], ["easy", "random"], seed=3, jobs=1)
    b = run(4, [2, 3], ["standard"], ["easy", "random"], seed=3, jobs=2)
    assert a.errors == b.errors == 0
    assert (a.decisions, dict(a.wins), a.winning_scores) == (b.decisions, dict(b.wins), b.winning_scores)


def test_expert_level_names_and_budgets():
    assert "expert" in LEVELS
    assert make_ai("expert", 1).budget == 1.0                       # the default: 1 s per decision
    assert make_ai("expert", 1, budget=0.25).budget == 0.25
    assert make_ai("expert:2.5", 1).budget == 2.5
    assert make_ai("hard:0.5", 1).budget == 0.5 and make_ai("normal", 1, budget=0.2).budget == 0.2
    assert make_ai("normal", 1).budget < make_ai("hard", 1).budget < make_ai("expert", 1).budget
    for bad in ("expert:0", "expert:-1", "expert:soon", "expert:", "easy:1", "random:1", "grandmaster:1"):
        with pytest.raises(ValueError):
            make_ai(bad, 1)
    for level, budget in (("easy", 1.0), ("expert", math.inf)):
        with pytest.raises(ValueError):
            make_ai(level, 1, budget=budget)


def test_expert_search_grows_with_its_budget():
    """Anytime: the more time it is given, the more positions its turn search covers."""
    g = new_game(4, seed=8)
    driver = [make_ai("easy", i) for i in range(4)]
    while g.decision.kind != "attack_turn":
        g.apply(driver[g.decision.player].choose(g, g.decision.player))
    seat = g.decision.player
    nodes = []
    for budget in (10, 40, 160):
        ai = make_ai("expert", 3, budget=budget, clock=Ticks())
        ai.began = ai.clock()
        planner = ai.planner(seat, random.Random(1))
        planner.plan(determinize(g, seat, random.Random(2)))
        nodes.append(planner.nodes)
    assert nodes[0] < nodes[1] < nodes[2]


def test_expert_answers_forced_and_planned_steps_at_once():
    """A decision with one option, or the next step of a plan it made, reads the clock only once."""
    from game.ai.planner import signature
    g = new_game(4, seed=8)
    ai = small(make_ai("expert", 3))
    driver = [make_ai("easy", i) for i in range(4)]
    instant = 0
    while not g.is_over and g.state.century < 4:
        d = g.decision
        if d.player != 0:
            g.apply(driver[d.player].choose(g, d.player))
            continue
        line = ai._line
        planned = bool(line) and line[0][0] == signature(g, 0) and line[0][1] in d.options
        before = ai.clock.now
        g.apply(ai.choose(g, 0))
        if planned:
            instant += 1
            assert ai.clock.now - before == 1
    assert instant
    # Nothing left to do but end the turn: one option.
    from rules_helpers import attack_turn, clear_hand, refresh
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    p = g.state.players[0]
    p.hex_out, p.hand = p.hand, []
    refresh(g)
    assert len(g.decision.options) == 1
    before = ai.clock.now
    assert ai.choose(g, 0).kind == "end_turn" and ai.clock.now - before == 1


def test_headless_runs_the_expert_with_a_budget():
    r = subprocess.run([sys.executable, "main.py", "--headless", "--players", "2", "--seed", "4",
                        "--ai", "expert:0.01,easy", "--json"], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert [s["ai"] for s in json.loads(r.stdout)["seats"]] == ["expert:0.01", "easy"]
    r = subprocess.run([sys.executable, "main.py", "--headless", "--players", "2", "--ai", "expert:x,easy"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "expert:x" in r.stderr


def _to_track_pick(g, driver):
    while g.decision.kind != "select_card":
        g.apply(driver[g.decision.player].choose(g, g.decision.player))


def test_a_card_taken_from_the_track_stays_in_that_hand_in_every_world():
    """Cards taken from the Card Selection Track are taken face up: every
    determinisation of another seat keeps that kind of card in the taker's hand
    until the taker plays or discards one."""
    g = new_game(4, seed=6)
    driver = [make_ai("easy", i) for i in range(4)]
    _to_track_pick(g, driver)
    taker = g.decision.player
    card = g.decision.options[0].card
    g.apply(g.decision.options[0])
    kind = g.card_key[card]
    viewer = (taker + 1) % 4
    for seed in range(12):
        d = determinize(g, viewer, random.Random(seed))
        assert kind in [d.card_key[c] for c in d.state.players[taker].hand]
        assert check(d) == []


def test_scheme_cards_passed_on_are_held_by_the_later_choosers():
    """A seat that passes Scheme cards on knows that the later choosers and the
    schemer hold them, one each; its determinisations keep them there."""
    from game.ai.knowledge import SchemeMemory
    g = new_game(4, seed=1)
    driver = [make_ai("easy", i) for i in range(4)]
    while not (g.decision.kind == "lair_action" and g.state.century == 3):
        g.apply(driver[g.decision.player].choose(g, g.decision.player))
    g.apply(next(a for a in g.decision.options if a.choice == "scheme"))
    assert g.decision.kind == "scheme_pick"
    seat = g.decision.player
    memory = SchemeMemory()
    pick = g.decision.options[0]
    passed = [g.card_key[c] for c in g.state.draft if c != pick.card]
    memory.observe(g, seat, pick)
    hand = list(g.state.players[seat].hand) + [pick.card]
    g.apply(pick)
    while g.decision.kind == "scheme_pick":
        g.apply(g.decision.options[0])
    for c in g.state.players[seat].hand:            # the schemer gets the last card back
        if c not in hand:
            passed.remove(g.card_key[c])
    assert passed
    for seed in range(8):
        d = determinize(g, seat, random.Random(seed), memory)
        held = [d.card_key[c] for p in d.state.players if p.seat != seat for c in p.hand]
        for kind in set(passed):
            assert held.count(kind) >= passed.count(kind)
        assert check(d) == []


def test_the_expert_keeps_its_time_budget_when_worlds_are_slow():
    """A time budget per decision is a promise to the player: once one world
    has been played, another starts only if it fits before the deadline, even
    when fewer worlds than ``min_worlds`` were played."""
    from game.ai.deadline import Deadline
    from game.ai.montecarlo import Effort
    readings = iter([0.0, 0.8, 1.6])
    effort = Effort(4, float("inf"), Deadline(1.0, lambda: next(readings)))
    assert effort.more(0)              # the first world: time is left
    assert not effort.more(1)          # 0.8 s a world: a second would end at 1.6 s, past the deadline
    fast = iter([0.0, 0.1, 0.2, 0.3])
    effort = Effort(4, float("inf"), Deadline(1.0, lambda: next(fast)))
    assert all(effort.more(w) for w in range(4))
    late = iter([1.2])
    assert not Effort(4, float("inf"), Deadline(1.0, lambda: next(late))).more(0)   # not even a first one


def test_a_dragon_that_must_fly_on_after_many_moves_still_plans(monkeypatch):
    """Rulebook, Attack Phase, Move: "a dragon can move into a region with a
    dragon, but cannot stay in that region unless the player currently holds
    the Dragon Ward marker". The turn search trims further moves
    after several paid ones; when flying on is all the dragon may do, it must
    still search and choose a move (the hard AI crashed here)."""
    from rules_helpers import attack_turn, refresh
    from game.ai.planner import TurnPlanner
    g = attack_turn(region="Gallia")
    p = g.state.players[0]
    p.passing, p.spent["livestock"], p.card.res["livestock"] = True, 4, 2
    refresh(g)
    assert g.decision.options and {a.kind for a in g.decision.options} == {"move"}
    assert TurnPlanner(0, 40, random.Random(1)).alternatives(g.copy())
    for level in ("normal", "hard", "expert"):
        assert small(make_ai(level, 2)).choose(g, 0) in g.decision.options
