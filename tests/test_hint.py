"""The hint (app/hint.py): what the normal AI would do, why (the VP the
seat's own standings expect from its plan), and its whole plan for the turn
(issue 25, point 9: "Hint says why (the gain it expects) and can show its
whole planned turn"). The plan is the seat's own moves, followed on the real
game while the engine offers them, and stops after a draw: it never names a
card the seat has not seen."""
import random

from game import new_game
from game.ai import make_ai
from app.hint import hint, own_total
from game.view import unseen_cards


def attack_turns(seed, players=4, most=6):
    g = new_game(players, seed=seed)
    rng = random.Random(seed)
    found = 0
    while not g.is_over and found < most:
        d = g.decision
        if d.kind == "attack_turn" and len(d.options) > 3 and rng.random() < 0.3:
            found += 1
            yield g, d.player
        g.apply(rng.choice(g.decision.options))


def test_the_plan_is_the_seats_own_moves_and_its_gain_what_its_standings_say():
    checked = 0
    for seed in (3, 5, 8):
        for g, seat in attack_turns(seed):
            before = g.copy(keep_log=True)
            found = hint(g, seat, make_ai("normal", seed))
            assert g.to_dict() == before.to_dict(), "the game is never changed"
            assert found["action"] in g.decision.options
            assert found["plan"][0] == g.describe(found["action"])
            # the plan, followed on the real game, is offered step by step and ends where the gain says
            c = g.copy(keep_log=True)
            for words in found["plan"]:
                if words.startswith("then "):
                    break
                step = next(a for a in c.decision.options if c.describe(a) == words)
                assert c.decision.player == seat
                c.apply(step)
            assert found["gain"] == [own_total(g, seat), own_total(c, seat)]
            checked += 1
    assert checked >= 10


def named_titles(text, titles):
    """The card titles a text names, longest first ("Wrath Attack (X)" is not "Attack (X)")."""
    found = set()
    for title in sorted(titles, key=len, reverse=True):
        if title in text:
            found.add(title)
            text = text.replace(title, "#")
    return found


def test_the_plan_names_no_card_the_seat_has_not_seen():
    checked = 0
    for seed in (4, 9):
        for g, seat in attack_turns(seed):
            found = hint(g, seat, make_ai("normal", seed))
            seen = {g.cards[c].title for c in set(g.state.players[seat].hand) | set(g.state.discard)
                    | set(g.state.track) | (set(g.cards) - set(unseen_cards(g, seat)))}
            named = named_titles(" ".join(found["plan"]), {c.title for c in g.cards.values()})
            assert named <= seen, named - seen
            checked += bool(named)
    assert checked
