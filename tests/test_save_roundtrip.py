"""Save/load round trips of random games give identical continuations.

At every decision the save document goes through the whole load path
(validation, replay from the seed, comparison with the stored state); at a
sample of decisions (and at the end) it also goes through a real file written
by save_session and read by load_session (yaml.safe_load, the slow part).
After loading, the same choices (by option index) lead to the same end and
the same final scores."""
import pytest
from save_helpers import new_session, play_random

from game.save import load_session, save_session, session_document, session_from_document

GAMES = [(2, 3, "standard"), (3, 11, "strategist")]
FILE_SAMPLES = 8


def check_continuation(original, loaded, chosen_rest, final, scores):
    """(The loaded state equals the stored one: load_session checks that.)"""
    assert loaded.settings() == original.settings() and loaded.actions == original.actions
    if not original.game.is_over:
        a, b = original.game.decision, loaded.game.decision
        assert (a.player, a.kind, a.prompt, a.options) == (b.player, b.kind, b.prompt, b.options)
    for k in chosen_rest:
        loaded.apply(loaded.game.decision.options[k])
    assert loaded.game.is_over
    assert loaded.game.to_dict() == final
    assert loaded.game.final_scores() == scores


@pytest.mark.parametrize("n,seed,variant", GAMES)
def test_round_trip_at_every_decision(tmp_path, n, seed, variant):
    round_trip_every_decision(tmp_path, n, seed, variant)


def round_trip_every_decision(tmp_path, n, seed, variant):
    full = new_session(n, seed, variant)
    chosen = play_random(full, seed)
    final, scores = full.game.to_dict(), full.game.final_scores()
    on_file = {round(j * len(chosen) / FILE_SAMPLES) for j in range(FILE_SAMPLES + 1)}
    path = tmp_path / "game.yaml"
    s = new_session(n, seed, variant)
    for i in range(len(chosen) + 1):
        doc = session_document(s, "round trip")
        loaded = session_from_document(doc)   # a fresh copy: to_dict copies
        check_continuation(s, loaded, chosen[i:], final, scores)
        if i in on_file:
            save_session(s, path)
            check_continuation(s, load_session(path), chosen[i:], final, scores)
        if i < len(chosen):
            s.apply(s.game.decision.options[chosen[i]])
    assert len(on_file) > 5


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
