"""The engine contract: to_dict/from_dict at any decision, view(seat) hiding, the log."""
import random

from game import Game, new_game
from rules_helpers import do, play_until


def test_round_trip_at_every_decision_plays_on_identically():
    rng = random.Random(5)
    g = new_game(4, seed=5)
    choices = []
    while not g.is_over:
        choices.append(rng.randrange(len(g.decision.options)))
        g.apply(g.decision.options[choices[-1]])
    final = g.final_scores()
    h = new_game(4, seed=5)
    for i, k in enumerate(choices):
        if i % 7 == 0:
            h = Game.from_dict(h.to_dict())     # the copy continues as the original would
        h.apply(h.decision.options[k])
    assert h.final_scores() == final


def test_to_dict_is_plain_data():
    g = new_game(3, seed=1)
    play_until(g, "attack_turn")

    def plain(x):
        if isinstance(x, dict):
            return all(isinstance(k, (str, int)) and plain(v) for k, v in x.items())
        if isinstance(x, list):
            return all(plain(v) for v in x)
        return x is None or isinstance(x, (str, int, bool))
    assert plain(g.to_dict())


def test_view_hides_other_hands_and_lairs():
    g = new_game(4, seed=3)
    play_until(g, "attack_turn")
    v = g.view(0)
    assert v["players"][0]["hand"] is not None and v["players"][0]["lair"] is not None
    assert all(p["hand"] is None and p["lair"] is None for p in v["players"][1:])
    assert v["players"][1]["hand_count"] == len(g.state.players[1].hand)
    assert "deck" in v and "order" not in v["deck"]


def test_strategist_shows_lairs_to_all():
    g = new_game(4, seed=3, variant="strategist")
    v = g.view(0)
    assert all(p["lair"] is not None for p in v["players"])
    assert all(p["hand"] is None for p in v["players"][1:])


def test_private_log_lines_reach_only_their_owner():
    g = new_game(4, seed=3)
    drew = [e for e in g.state.log if "private" in e]
    assert drew and drew[0]["kind"] == "drew"
    seat = drew[0]["private"]
    other = (seat + 1) % 4
    mine = g.view(seat)["log"]
    theirs = g.view(other)["log"]
    line = next(e["text"] for e in mine if e["event"] is drew[0])
    assert line.startswith(f"{g.name(seat)} drew: ")
    assert line not in [e["text"] for e in theirs]
    assert all(e["event"] is not drew[0] for e in theirs)


def test_options_offered_only_to_the_deciding_seat():
    g = new_game(4, seed=3)
    d = g.decision
    assert "options" in g.view(d.player)["decision"]
    assert "options" not in g.view((d.player + 1) % 4)["decision"]


def test_log_reports_engine_events():
    g = new_game(4, seed=8)
    play_until(g, "lair_action")
    do(g, "lair_action", choice="hoard")
    text = "\n".join(e["text"] for e in g.view(0)["log"])
    assert "Action Hex arrow points at" in text and "Hoard" in text and "First Lair" in text


def test_every_lair_is_open_once_the_game_is_over():
    """Winning the Game: "Once the last player's turn has completed, the final
    scoring can begin" - scoring counts what is behind every Lair Screen, so
    from then on every seat's view shows every lair."""
    g = new_game(4, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        assert all(p["lair"] is None for p in g.view(0)["players"][1:])
        g.apply(rng.choice(g.decision.options))
    assert all(p["lair"] is not None for p in g.view(0)["players"])


def test_turn_fields_and_lair_actions_say_which_turn_they_belong_to():
    """The Attack Phase: a dragon's turn starts with its feats at zero (they are
    counted "in one Attack Phase"); the Lair Actions taken are this century's
    from the Lair Phase on ("one taker each per century")."""
    from game.view import lair_century, turn_status
    g = new_game(3, seed=4)
    rng = random.Random(4)
    seen = set()
    while not g.is_over:
        s = g.state
        d = g.decision
        for p in s.players:
            status = turn_status(g, p.seat)
            seen.add(status)
            if status == "now":
                assert s.phase == "attack" and d.player == p.seat
            if status == "before" and s.phase == "attack":
                assert p.seat not in s.order[:s.cursor]
        if s.phase in ("growth", "awakening") and s.century > 1:
            assert lair_century(g) == s.century - 1
        if s.phase == "lair":
            assert lair_century(g) == s.century
        g.apply(rng.choice(d.options))
    assert seen == {"now", "done", "before"}
