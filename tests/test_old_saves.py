"""Saves written by earlier versions still load, or are refused with one line.

Format 1 (the log held sentences) and format 2 (the log holds events) were
written before the discards of Setup and the Awakening were chosen face down,
the Awakening's after every dragon had drawn. Rulebook, Phase 2: "Beginning
with the player holding the First Lair Action marker, each player draws 2
cards from the Action Deck. Then each player selects 1 card to discard (the
discard cannot be a Dragon Hex Card)." Their actions are replayed in that
order. The fixtures were written by the code of their time: the format 1 save
(century 4), with the seeded choices that continued it; format 2 saves made
from it in the middle of the 5th Century's Awakening and after it, and one in
the middle of Setup."""
import json
import os
import random

from hostile_helpers import one_line_error, run_main

from app.save_format import FORMAT, SaveError, load_session, save_session, sentence_log
from game.invariants import check

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
OLD_SAVE = os.path.join(HERE, "format1_save.yaml")
MID_AWAKENING = os.path.join(HERE, "format2_mid_awakening.yaml")
MID_SETUP = os.path.join(HERE, "format2_mid_setup.yaml")
AFTER_RESHUFFLE = os.path.join(HERE, "format2_after_reshuffle.yaml")
with open(os.path.join(HERE, "format1_continuation.json"), encoding="utf-8") as fh:
    AFTER = json.load(fh)


def play_to_the_end(s, seed):
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    assert check(s.game) == []
    assert len(sentence_log(s.game)) == len(s.game.state.log)      # every event reads as a sentence


def test_a_format_1_save_loads_and_its_log_is_made_of_events():
    with open(OLD_SAVE, encoding="utf-8") as fh:
        assert "\nformat: 1\n" in fh.read()
    s = load_session(OLD_SAVE)
    assert len(s.actions) == 130
    assert all(isinstance(e, dict) and "kind" in e for e in s.game.state.log)


def test_a_format_1_save_continues_and_its_awakening_follows_the_rulebook():
    """The recorded continuation reaches the 5th Century's Awakening with 7
    cards in the deck. The version that wrote it let the first three dragons
    draw and discard before the fourth drew: the deck ran out and their three
    discards were shuffled into the new deck. Now every dragon draws first,
    so none of the four discards can be in the deck; then the game plays on."""
    s = load_session(OLD_SAVE)
    steps = iter(AFTER["chosen"])
    while s.game.state.phase != "awakening":
        s.apply(s.game.decision.options[next(steps)])
    g = s.game
    assert g.state.century == 5
    assert any(e["kind"] == "reshuffle" for e in g.state.log[-12:])      # the fourth dragon's draw ran out
    discarded = []
    while g.state.phase == "awakening":
        action = g.decision.options[next(steps)]
        discarded.append(action.card)
        s.apply(action)
    assert len(discarded) == 4 and g.state.discard[-4:] == discarded
    assert not set(discarded) & set(g.state.deck)
    play_to_the_end(s, AFTER["continue_seed"])


def test_a_loaded_old_save_is_saved_again_in_the_new_format(tmp_path):
    s = load_session(OLD_SAVE)
    path = tmp_path / "again.yaml"
    save_session(s, path)
    assert f"\nformat: {FORMAT}\n" in path.read_text()
    again = load_session(path)
    assert again.game.to_dict() == s.game.to_dict()


def test_a_save_made_in_the_middle_of_the_old_awakening_goes_on_in_the_rulebook_s_order():
    """Saved as Blue chose its discard, after Orange and Black had discarded and
    before Green had drawn. Loaded, every dragon has drawn its 2 cards, the two
    discards made are face down, unseen by the others, and the game goes on."""
    s = load_session(MID_AWAKENING)
    g = s.game
    assert (g.state.phase, g.decision.kind, g.name(g.decision.player)) == ("awakening", "discard", "Blue Dragon")
    drew = {e["seat"] for e in g.state.log[-12:] if e["kind"] == "drew"}
    assert drew == {0, 1, 2, 3}
    assert [len(g.state.players[seat].face_down) for seat in (3, 0, 1, 2)] == [1, 1, 0, 0]
    assert g.view(1)["players"][3]["face_down"] is None and g.view(3)["players"][3]["face_down"]
    play_to_the_end(s, 5)


def test_a_save_made_in_the_middle_of_the_old_setup_loads_with_its_discards_face_down():
    s = load_session(MID_SETUP)
    g = s.game
    assert (g.state.phase, g.decision.kind) == ("setup", "discard")
    assert g.state.discard == [] and sum(len(p.face_down) for p in g.state.players) == 2
    play_to_the_end(s, 6)


def test_an_old_save_whose_awakening_went_otherwise_is_refused_with_one_line(tmp_path):
    """Saved after the old Awakening shuffled three discards into the deck: in the
    rulebook's order the deck is another, so the game cannot go on as saved."""
    try:
        load_session(AFTER_RESHUFFLE)
    except SaveError as exc:
        problem = str(exc)
    else:
        raise AssertionError("the save was loaded")
    assert problem.startswith(f"{AFTER_RESHUFFLE}: saved by an earlier version (format 2)") and "\n" not in problem
    line = one_line_error(run_main("--headless", "--load", AFTER_RESHUFFLE))
    assert "saved by an earlier version (format 2)" in line
