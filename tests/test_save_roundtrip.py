"""Save/load round trips of random games give identical continuations.

At every decision the game's state goes through plain data and back
(``to_dict``/``from_dict``) and the save document passes the save check; the
copy must stand exactly where the original stands and offer the same
decision. At a sample of decisions (and at the end) the document also goes
through the whole load path (validation, replay from the seed, comparison
with the stored state), some of them through a real file written by
save_session and read by load_session (yaml.safe_load), and the loaded
session plays on with the same choices (by option index) to the same end and
the same final scores. The work grows linearly with the game's length: the
full load path, which replays from the seed, runs a fixed number of times."""
import pytest
from save_helpers import new_session, play_random

from game import Game
from app.save_format import load_session, save_session, session_document, session_from_document
from app.save_check import check_state

GAMES = [(2, 3, "standard"), (3, 11, "strategist")]
LOAD_SAMPLES = 12
FILE_SAMPLES = 3


def same_decision(a, b):
    if a.is_over or b.is_over:
        assert a.is_over and b.is_over
        return
    x, y = a.decision, b.decision
    assert (x.player, x.kind, x.prompt, x.options) == (y.player, y.kind, y.prompt, y.options)


def check_continuation(original, loaded, chosen_rest, final, scores):
    """(The loaded state equals the stored one: load_session checks that.)"""
    assert loaded.settings() == original.settings() and loaded.actions == original.actions
    same_decision(original.game, loaded.game)
    for k in chosen_rest:
        loaded.apply(loaded.game.decision.options[k])
    assert loaded.game.is_over
    assert loaded.game.to_dict() == final
    assert loaded.game.final_scores() == scores


def samples(n, k):
    return {round(j * n / k) for j in range(k + 1)}


@pytest.mark.slow
@pytest.mark.parametrize("n,seed,variant", GAMES)
def test_round_trip_at_every_decision(tmp_path, n, seed, variant):
    round_trip_every_decision(tmp_path, n, seed, variant)


def round_trip_every_decision(tmp_path, n, seed, variant):
    full = new_session(n, seed, variant)
    chosen = play_random(full, seed)
    final, scores = full.game.to_dict(), full.game.final_scores()
    loads, files = samples(len(chosen), LOAD_SAMPLES), samples(len(chosen), FILE_SAMPLES)
    path = tmp_path / "game.yaml"
    s = new_session(n, seed, variant)
    for i in range(len(chosen) + 1):
        doc = session_document(s, "round trip")
        check_state(doc["state"], s.game.data, doc["settings"])
        copy = Game.from_dict(doc["state"], s.game.data)
        assert copy.to_dict() == doc["state"]
        same_decision(s.game, copy)
        if i in loads:
            check_continuation(s, session_from_document(doc), chosen[i:], final, scores)
        if i in files:
            save_session(s, path)
            check_continuation(s, load_session(path), chosen[i:], final, scores)
        if i < len(chosen):
            s.apply(s.game.decision.options[chosen[i]])
    assert len(loads) > 10 and len(files) > 3


def test_loaded_session_keeps_playing_and_saving(tmp_path):
    s = new_session(3, 21)
    play_random(s, 4, steps=40)
    path = tmp_path / "a.yaml"
    save_session(s, path)
    loaded = load_session(path)
    play_random(loaded, 9, steps=30)
    save_session(loaded, path)
    again = load_session(path)
    assert again.game.to_dict() == loaded.game.to_dict() and len(again.actions) == 70
