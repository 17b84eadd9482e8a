"""Save/load round trips in bigger games (see test_save_roundtrip.py): a
4-player Desolation game at every decision, 5 and 6 players through real
files at a few decisions spread over the game."""
import pytest
from save_helpers import new_session, play_random
from test_save_roundtrip import check_continuation, round_trip_every_decision, samples

from app.save_format import load_session, save_session


@pytest.mark.slow
def test_round_trip_at_every_decision_4_players(tmp_path):
    round_trip_every_decision(tmp_path, 4, 5, "desolation")


@pytest.mark.slow
@pytest.mark.parametrize("n,seed,variant", [(6, 2, "strategist+desolation"), (5, 9, "standard")])
def test_file_round_trip_in_bigger_games(tmp_path, n, seed, variant):
    full = new_session(n, seed, variant)
    chosen = play_random(full, seed)
    final, scores = full.game.to_dict(), full.game.final_scores()
    path = tmp_path / "game.yaml"
    s = new_session(n, seed, variant)
    on_file = samples(len(chosen), 6)
    for i in range(len(chosen) + 1):
        if i in on_file:
            save_session(s, path)
            check_continuation(s, load_session(path), chosen[i:], final, scores)
        if i < len(chosen):
            s.apply(s.game.decision.options[chosen[i]])
