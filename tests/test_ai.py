"""AI dragons: legal choices, no peeking at hidden information, the simulator
and the headless JSON output."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import VARIANTS, new_game
from game.ai import LEVELS, make_ai
from game.ai.determinize import determinize
from game.ai.lairs import estimated_lairs
from game.invariants import check

ROOT = Path(__file__).resolve().parents[1]


def small(ai):
    """Shrink the search so a whole game stays quick in tests (same code paths)."""
    for name, v in (("turn_budget", 25), ("place_budget", 6), ("worlds", 2), ("candidates", 2)):
        if hasattr(ai, name):
            setattr(ai, name, v)
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
    ais = [small(make_ai(LEVELS[(i + n) % 4], i)) for i in range(n)]
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
    from game.simulate import main
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
    from game.simulate import run
    a = run(4, [2, 3], ["standard"], ["easy", "random"], seed=3, jobs=1)
    b = run(4, [2, 3], ["standard"], ["easy", "random"], seed=3, jobs=2)
    assert a.errors == b.errors == 0
    assert (a.decisions, dict(a.wins), a.winning_scores) == (b.decisions, dict(b.wins), b.winning_scores)
