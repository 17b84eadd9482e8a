"""Same seeds, same games: the recorded games (tests/golden/games.json, made by
tests/bench/record_games.py) replay with the same actions, the same final
scores and the same log, word for word as seat 0 sees it.

A refactor must keep this passing. A rule or AI change that is meant to change
games re-records the file (and says so in its commit)."""
import json

import pytest

from bench import record_games

with open(record_games.GOLDEN, encoding="utf-8") as fh:
    GOLDEN = json.load(fh)["games"]


def _first_difference(old, new):
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            return f"entry {i}: recorded {a!r}, now {b!r}"
    return f"recorded {len(old)} entries, now {len(new)}"


@pytest.mark.slow
@pytest.mark.parametrize("spec", record_games.GAMES, ids=lambda s: f"{s[0]}p-{s[1]}-{s[2]}")
def test_recorded_game_replays_identically(spec):
    old = next(g for g in GOLDEN if (g["players"], g["seed"], g["variant"]) == spec[:3])
    new = record_games.play(*spec)
    assert new["actions"] == old["actions"], _first_difference(old["actions"], new["actions"])
    assert (new["undos"], new["saves"]) == (old["undos"], old["saves"])
    assert new["scores"] == old["scores"]
    assert new["desolation"] == old["desolation"]
    assert new["log"] == old["log"], _first_difference(old["log"], new["log"])
    assert new["log_digests"] == old["log_digests"]


def test_the_recording_covers_every_variant_player_count_and_ai_level():
    assert {g["variant"] for g in GOLDEN} == {"standard", "strategist", "desolation", "strategist+desolation"}
    assert {g["players"] for g in GOLDEN} == {2, 3, 4, 5, 6}
    assert {level for g in GOLDEN for level in g["levels"]} >= {"random", "easy", "normal", "hard"}
    assert sum(g["undos"] for g in GOLDEN) > 10 and sum(g["saves"] for g in GOLDEN) > 3
