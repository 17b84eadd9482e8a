"""Broken data files that used to give tracebacks or fail later (issue 12,
point 5): each is a DataError naming the file, the entry and the problem,
with both YAML loaders."""
import pytest
from test_data_errors import data_copy, replace  # noqa: F401  (data_copy is a fixture)

from game.data import DataError, load_data

CASES = {
    "deal more cards than the deck holds": (
        replace("setup", "deal: 3 ", "deal: 50 "),
        "data/setup.yaml: deal: 50 cards for each of 6 players and a track of 7 need 307 Action Cards; "
        "there are 84"),
    "a side that is a list": (
        replace("hex", "sides: [attack, field,", "sides: [[x], field,"),
        "data/hex.yaml: sides[0]: expected text, got a list ['x']"),
    "an icon that is a list": (
        replace("hex", "  noble: capture_noble", "  noble: [capture_noble]"),
        "data/hex.yaml: side_icons.noble: unknown or unusable icon ['capture_noble']"),
    "min players above max": (
        replace("setup", "players: {min: 2, max: 6}", "players: {min: 6, max: 2}"),
        "data/setup.yaml: players: min (6) is more than max (2)"),
    "a region list for a neighbour": (
        replace("regions", "neighbours: [Scandia, Gallia]", "neighbours: [[Scandia], Gallia]"),
        "data/regions.yaml: regions[0] (Britannia).neighbours[0]: expected text, got a list ['Scandia']"),
    "a list as a card condition value": (
        replace("cards", "condition: {attacked_region: card}", "condition: {attacked_region: [card]}"),
        ".condition.attacked_region: expected 'card' or 'any', got ['card']"),
    "a mapping as a lair marker": (
        replace("lair_actions", "take_marker: dragon_ward", "take_marker: {a: 1}"),
        "(dragon_ward).effect.take_marker: unknown marker {'a': 1}"),
    "a list as a rogue dragon count": (
        replace("setup", "rogue_dragons: {2: 2, 3: 1}", "rogue_dragons: {2: [2], 3: 1}"),
        "data/setup.yaml: rogue_dragons.2: expected players: rogues with at most 6 dragons, got [2]"),
    "fewer sites than players": (
        replace("regions", "sites_per_region: 6", "sites_per_region: 2"),
        "data/regions.yaml: sites_per_region: 2 sites cannot hold the 6 villages that a 6-player game sets up"),
    "more sites than the map draws": (      # the table stopped with an IndexError once a seventh site was drawn
        replace("regions", "sites_per_region: 6", "sites_per_region: 7"),
        "data/regions.yaml: sites_per_region: must be between 1 and 6, got 7"),
    "fewer village pieces than players": (
        replace("regions", "villages: 10", "villages: 0"),
        "data/regions.yaml: stockpile.villages: 0 village pieces per region cannot cover the 6 villages"),
    "no Life at the start": (replace("setup", "start_life: 4", "start_life: 0"),
                             "data/setup.yaml: start_life: must be between 1 and 50, got 0"),
    "awakening draws that fill the hands": (
        replace("setup", "awakening: {life: 1, draw: 2, discard: 1}", "awakening: {life: 1, draw: 50, discard: 1}"),
        "data/setup.yaml: awakening.draw: must be between 0 and 3, got 50"),
    "a huge hexadecimal number": (
        replace("setup", "start_life: 4", "start_life: 0x" + "f" * 5000),
        "data/setup.yaml: a number written with more than 40 characters (line"),
    "an alias": (
        replace("setup", "setup_discard: 1", "setup_discard: &one 1"),
        "data/setup.yaml: aliases and anchors (& and *) are not allowed (line"),
    "an escape code in a key": (
        replace("hex", "  noble: capture_noble", '  "no\\eble": bogus'),
        "data/hex.yaml: side_icons.no\\x1bble: unknown or unusable icon 'bogus'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_data_is_named_not_a_traceback(data_copy, each_loader, case):  # noqa: F811  (the fixture)
    edit, expected = CASES[case]
    edit(data_copy)
    with pytest.raises(DataError) as err:
        load_data(str(data_copy))
    problems = err.value.problems
    assert all(p.startswith("data/") and p.isprintable() for p in problems), problems
    assert any(expected in p for p in problems), problems


DUPLICATES = {
    "setup": ("start_life: 4", "start_life: 4\nstart_life: 9", "data/setup.yaml: duplicate key 'start_life' (line"),
    "hex": ("  gold: take_gold", "  gold: take_gold\n  gold: attack", "data/hex.yaml: duplicate key 'gold' (line 10,"),
    "cards": ("{id: raid_britannia, type: raid,", "{id: raid_britannia, type: raid, type: heal,",
              "data/cards.yaml: duplicate key 'type' (line"),
}


@pytest.mark.parametrize("name", sorted(DUPLICATES))
def test_duplicate_keys_in_data_are_refused_with_file_and_line(data_copy, each_loader, name):  # noqa: F811
    old, new, expected = DUPLICATES[name]
    replace(name, old, new)(data_copy)
    with pytest.raises(DataError) as err:
        load_data(str(data_copy))
    assert any(p.startswith(expected) for p in err.value.problems), err.value.problems


def test_a_data_file_that_is_a_pipe_is_refused(data_copy):  # noqa: F811
    import os
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are POSIX")
    os.remove(data_copy / "scoring.yaml")
    os.mkfifo(data_copy / "scoring.yaml")
    with pytest.raises(DataError) as err:
        load_data(str(data_copy))
    assert "data/scoring.yaml: is not a regular file (a pipe, device or socket)" in err.value.problems
