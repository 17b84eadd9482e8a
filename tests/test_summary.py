"""'Since your last turn' (game/summary.py): a few lines on what the other dragons
did, built from public events only - the hot-seat hand-off screen shows it while
the last player may still be looking."""
from __future__ import annotations

import random

import pytest

from game import log_text, new_game
from game.events import is_public
from game.summary import last_turn_end, since_last_turn, turn_starts


def handoffs(n, seed, variant="standard"):
    """Every moment a random game passes to another decider: (game, the new decider)."""
    g = new_game(n, seed=seed, variant=variant)
    rng = random.Random(seed)
    last = None
    while not g.is_over:
        seat = g.decision.player
        if seat != last:
            yield g, seat
        last = seat
        g.apply(rng.choice(g.decision.options))


@pytest.mark.parametrize("n,seed,variant", [(3, 1, "standard"), (4, 7, "strategist"), (5, 3, "desolation")])
def test_a_summary_never_tells_anything_private(n, seed, variant):
    """Over whole hot-seat games: no summary names a card another seat drew or was
    passed in private, nor says anything a private event says (not even the next
    player's own: the last one may still be looking); it names no card at all."""
    titles = None
    shown = 0
    for g, seat in handoffs(n, seed, variant):
        if titles is None:
            titles = {c.title for c in g.cards.values()}
        text = "\n".join(line for _, line in since_last_turn(g, seat))
        private_cards = {g.cards[c].title for e in g.state.log if "private" in e and e["seat"] != seat
                         for c in e.get("cards", [e.get("card")]) if c}
        assert not [t for t in private_cards if t in text]
        private_lines = [t for e, t in zip(g.state.log, log_text.log_texts(g)) if "private" in e]
        assert not [t for t in private_lines if t in text]
        assert not [t for t in titles if t in text], "a summary names a card"
        shown += bool(text)
    assert shown > 20


def test_the_summary_says_what_each_other_dragon_did():
    """Attacks with their regions, Life lost, Lair Actions and level-ups of the others,
    one line per dragon in turn order after the reader; the reader's own doings are not
    repeated to it."""
    checked = 0
    for g, seat in handoffs(4, 11):
        if not turn_starts(g, seat):
            continue
        start = last_turn_end(g, seat)
        lines = since_last_turn(g, seat)
        order = g.seats_from(seat)[1:]
        blocks = [[]]                         # before a new century began, and since (its line between)
        for s, _ in lines:
            if s is None:
                blocks.append([])
            else:
                blocks[-1].append(s)
        for whose in blocks:
            assert whose == [s for s in order if s in whose], "in turn order after the reader"
            assert seat not in whose
        by_seat = {}
        for s, t in lines:
            if s is not None:
                by_seat[s] = by_seat.get(s, "") + t
        took = {}
        for e in g.state.log[start:]:
            if e["kind"] in ("takes", "hoards") and e["seat"] != seat:
                key = (e["seat"], e["res"])
                took[key] = took.get(key, 0) + e.get("n", 1)
        for (who, res), n in took.items():
            word = res + "s" if n > 1 and res in ("noble", "field") else res
            assert f"{n} {word}" in by_seat[who], "what it took, counted (2 nobles, 3 gold)"
            checked += 1
        for e in g.state.log[start:]:
            if "private" in e or e["seat"] in (None, seat):
                continue
            line = by_seat.get(e["seat"], "")
            if e["kind"] == "destroys":
                assert f"in {e['region']}" in line and "destroyed" in line
                assert "lost" in line or not e["lost"], "the Life an attack cost"
                checked += 1
            elif e["kind"] == "lair_action":
                assert g.data.lair_action(e["action"]).name in line
                checked += 1
            elif e["kind"] == "levels_up":
                assert g.data.ability(e["ability"]).name in line
                checked += 1
            if line:
                assert line.startswith(g.name(e["seat"]) + ":")
    assert checked > 20


def test_a_turn_starts_with_the_attack_turn_and_with_each_new_century():
    """The table shows the summary when a seat's own attack turn begins, or at its first
    choice of a new century - not at every choice in between."""
    starts = {"attack": 0, "century": 0}
    for g, seat in handoffs(3, 5):
        if not turn_starts(g, seat):
            continue
        log = g.state.log
        if g.decision.kind == "attack_turn" and log[-1]["kind"] == "begins_attack":
            starts["attack"] += 1
        else:
            assert any(e["kind"] == "century_begins" for e in log[last_turn_end(g, seat):])
            starts["century"] += 1
    assert starts["attack"] >= 10 and starts["century"] >= 5
    g = new_game(3, seed=5)
    while g.decision.kind != "lair_action":
        g.apply(g.decision.options[0])
    seat = g.decision.player
    g.apply(g.decision.options[0])
    assert g.decision.player != seat or not turn_starts(g, seat), "a second choice in a row is no turn start"


def test_what_happened_before_a_new_century_comes_before_the_century_line():
    """Playtest: the hand-off said "The 2nd Century began." first, then "Ash: destroyed
    a village ...; lost 1 Life. Life now 4": Ash had ended his turn at 3 and the 4
    already held the Awakening's Life. The lines follow the game: the dragons' doings
    before the century began, the century line, then what they did since; a dragon's
    Life is the one its line's events ended with."""
    checked = lives_checked = 0
    for g, seat in handoffs(4, 11):
        if not turn_starts(g, seat):
            continue
        events = [e for e in g.state.log[last_turn_end(g, seat):] if is_public(e)]
        begun = [i for i, e in enumerate(events) if e["kind"] == "century_begins"]
        if not begun:
            continue
        cut = begun[-1]
        lines = since_last_turn(g, seat)
        k = next(i for i, (who, text) in enumerate(lines) if who is None and "Centur" in text)
        for i, (who, text) in enumerate(lines):
            if who is None:
                continue
            part = events[:cut] if i < k else events[cut:]
            assert any(e["seat"] == who for e in part), (i, k, text)
            lives = [e["life"] for e in part if e["seat"] == who and "life" in e]
            if " Life " in text and text.rstrip(".").split()[-2] == "Life":
                assert text.endswith(f"Life {lives[-1]}."), (text, lives)
                lives_checked += 1
        checked += 1
    assert checked > 10 and lives_checked > 3


def test_the_summary_tells_the_draws_discards_divination_and_rogue_landings():
    """Issue 25, point 11: public events it left out. Phase 2: Awakening: "each player draws 2
    cards from the Action Deck. Then each player selects 1 card to discard"; Using Resources,
    Divination: "discard a field out of the game ... to draw 2 cards into his hand ... Then he
    discards 1 card"; Two- and Three-Player Variations: "Rogue Dragons ... are placed into
    regions". Each shows in the reader's summary (counted, never naming a card)."""
    found = {"awakening": 0, "divination": 0, "rogue": 0}
    for n, seed in ((2, 3), (3, 5), (4, 9)):
        for g, seat in handoffs(n, seed):
            events = [e for e in g.state.log[last_turn_end(g, seat):] if is_public(e)]
            lines = since_last_turn(g, seat)
            text = {s: " ".join(line for who, line in lines if who == s) for s, _ in lines}
            lines = [line for _, line in lines]
            for other in {e["seat"] for e in events if e["seat"] not in (None, seat)}:
                mine = [e for e in events if e["seat"] == other]
                kinds = [e["kind"] for e in mine]
                if other not in text:
                    continue                      # (the summary keeps to its most lines)
                if "divination" in kinds:
                    assert "burned a field for Divination" in text[other]
                    found["divination"] += 1
                drawn = sum(e["n"] for e in mine if e["kind"] == "draws" and not e.get("dealt"))
                thrown = kinds.count("discards")
                if set(kinds) == {"awakens", "draws", "discards"}:          # only its Awakening since
                    assert len(text[other].split(": ")) == 2, "one line"
                    assert f"drew {drawn} cards and discarded {thrown}" in text[other], text[other]
                    found["awakening"] += 1
            for e in events:
                if e["kind"] == "rogue_lands":
                    rogue = next(x for x in lines if x.startswith("Rogue Dragons:"))
                    assert f"the {e['dragon']} Dragon landed in {e['region']}" in rogue
                    found["rogue"] += 1
    assert all(found.values()), found
