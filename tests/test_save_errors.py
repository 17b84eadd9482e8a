"""A corpus of broken saves: each gives a SaveError whose message is one line
naming the file and the problem, and the file is left untouched."""
import copy
import os

import pytest
import yaml
from save_helpers import new_session, play_random

from app.save_format import SaveError, document_text, load_session, save_session, session_document

HUGE = 10 ** 30


@pytest.fixture(scope="module")
def good():
    """A 4-player game in its 2nd century (attack turns under way)."""
    s = new_session(4, seed=5)
    play_random(s, 1, steps=60)
    return s


@pytest.fixture(scope="module")
def good_doc(good):
    return session_document(good, "corpus")


def load_error(path):
    before = (open(path, "rb").read(), os.stat(path).st_mtime_ns)
    with pytest.raises(SaveError) as err:
        load_session(path)
    message = str(err.value)
    assert "\n" not in message and message.startswith(str(path) + ": ")
    assert "Traceback" not in message
    assert (open(path, "rb").read(), os.stat(path).st_mtime_ns) == before, "the file was modified"
    return message


def write(tmp_path, text, name="broken.yaml"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def edited(doc, edit):
    doc = copy.deepcopy(doc)
    edit(doc)
    return document_text(doc)


def set_in(*path_value):
    *path, value = path_value

    def edit(doc):
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def swap_first_two(key):
    def edit(doc):
        seq = doc["state"][key]
        seq[0], seq[1] = seq[1], seq[0]
    return edit


DOC_CASES = {
    "format 4": (set_in("format", 4), "newer version of the game (format 4; this version reads formats 1 to 3)"),
    "format text": (set_in("format", "one"), "format: expected a whole number, got 'one'"),
    "format missing": (lambda d: d.pop("format"), "no 'format' field"),
    "unknown top field": (set_in("cheats", True), "save: unknown field 'cheats'"),
    "another game": (set_in("game", "Chess"), "not a save of this game (game: 'Chess')"),
    "summary a list": (set_in("summary", [1, 2]), "summary: expected a mapping, got a list"),
    "name a number": (set_in("name", 7), "name: a name must be text"),
    "state missing": (lambda d: d.pop("state"), "save: missing field 'state'"),
    "one seat": (lambda d: d["settings"].__setitem__("seats", d["settings"]["seats"][:1]),
                 "settings.seats: 1 seats, the game needs 2 to 6"),
    "seven seats": (lambda d: d["settings"]["seats"].extend([d["settings"]["seats"][0]] * 3),
                    "settings.seats: 7 seats, the game needs 2 to 6"),
    "unknown dragon": (set_in("settings", "seats", 2, "dragon", "Purple"),
                       "settings.seats[2].dragon: unknown dragon 'Purple'"),
    "same dragon twice": (set_in("settings", "seats", 1, "dragon", "Black"),
                          "settings.seats[1].dragon: Black is already taken"),
    "unknown seat kind": (set_in("settings", "seats", 0, "kind", "godlike"),
                          "settings.seats[0].kind: unknown seat kind 'godlike'"),
    "seats not a list": (set_in("settings", "seats", "four"), "settings.seats: expected a list, got text"),
    "seed text": (set_in("settings", "seed", "abc"), "settings.seed: expected a whole number, got text 'abc'"),
    "seed huge": (set_in("settings", "seed", HUGE), "settings.seed: must be between"),
    "unknown variant": (set_in("settings", "variant", "chaos"), "settings.variant: unknown variant 'chaos'"),
    "actions not a list": (set_in("actions", {"kind": "end_turn"}), "actions: expected a list, got a mapping"),
    "action without kind": (set_in("actions", 3, {"card": "heal_1"}), "actions[3]: missing field 'kind'"),
    "action unknown field": (set_in("actions", 3, {"kind": "discard", "colour": "red"}),
                             "actions[3]: unknown field 'colour'"),
    "action unknown card": (set_in("actions", 0, {"kind": "discard", "card": "ace_of_spades"}),
                            "actions[0].card: unknown card 'ace_of_spades'"),
    "action unknown region": (set_in("actions", 20, {"kind": "place", "region": "Galia"}),
                              "actions[20].region: unknown region 'Galia'"),
    "action unknown kind": (set_in("actions", 5, {"kind": "teleport"}),
                            "actions[5] (teleport) cannot be replayed"),
    "action huge site": (set_in("actions", 30, {"kind": "attack", "site": HUGE, "icons": 1}),
                         "actions[30].site: must be between 0 and 5"),
    "action negative icons": (set_in("actions", 30, {"kind": "attack", "site": 0, "icons": -2}),
                              "actions[30].icons: must be between 1 and 9, got -2"),
    "actions out of order": (lambda d: d["actions"].insert(0, d["actions"].pop(4)),
                             "actions[0] (lair action choice="),
    "action after the end": (lambda d: d["actions"].extend(d["actions"][-1:] * 2), "cannot be replayed"),
    "negative life": (set_in("state", "players", 1, "life", -3),
                      "state.players[1].life: must be between 0 and 1000, got -3"),
    "decimal life": (set_in("state", "players", 1, "life", 4.5),
                     "state.players[1].life: expected a whole number, got a decimal number 4.5"),
    "true life": (set_in("state", "players", 1, "life", True), "state.players[1].life: expected a whole number"),
    "huge gold": (set_in("state", "stock", "gold", HUGE), "state.stock.gold: must be between 0 and 1000"),
    "negative village stockpile": (set_in("state", "regions", 2, "villages", -1),
                                   "state.regions[2].villages: must be between 0 and 1000, got -1"),
    "unknown card in hand": (lambda d: d["state"]["players"][0]["hand"].append("joker"),
                             "state.players[0].hand[", ),
    "hand not a list": (set_in("state", "players", 0, "hand", "heal_1"),
                        "state.players[0].hand: expected a list, got text"),
    "unknown region in lair": (set_in("state", "players", 0, "lair", "villages", {"Atlantis": 2}),
                               "state.players[0].lair.villages: unknown region 'Atlantis'"),
    "player missing": (lambda d: d["state"]["players"].pop(), "state.players: expected 4 entries, found 3"),
    "state field missing": (lambda d: d["state"].pop("deck"), "state: missing field 'deck'"),
    "unknown state field": (set_in("state", "gold_rush", 1), "state: unknown field 'gold_rush'"),
    "unknown phase": (set_in("state", "phase", "party"), "state.phase: unknown phase 'party'"),
    "seed differs": (set_in("state", "seed", 6), "state.seed: 6 differs from settings.seed 5"),
    "life edited": (lambda d: d["state"]["players"][2].__setitem__("life", 1 + d["state"]["players"][2]["life"] % 4),
                    "the stored state disagrees with a replay of its actions: state.players[2].life is"),
    "deck reordered": (swap_first_two("deck"), "disagrees with a replay of its actions: state.deck[0] is"),
    "rng edited": (lambda d: d["state"].__setitem__("rng", d["state"]["rng"] ^ 1),
                   "disagrees with a replay of its actions: state.rng is"),
    "log edited": (set_in("state", "log", 0, "players", 3),
                   "disagrees with a replay of its actions: state.log[0].players is 3"),
    "unknown event": (set_in("state", "log", 0, {"kind": "party", "seat": None}),
                      "state.log[0].kind: unknown event 'party'"),
    "event field missing": (lambda d: d["state"]["log"][0].pop("players"),
                            "state.log[0]: missing field 'players'"),
    "event of an unknown card": (lambda d: next(e for e in d["state"]["log"] if e["kind"] == "drew")
                                 ["cards"].append("joker"), "state.log[2].cards[3]: unknown card 'joker'"),
    "private to a missing seat": (lambda d: d["state"]["log"][2].__setitem__("private", 9),
                                  "state.log[2].private: must be between 0 and 3, got 9"),
    "card moved": (lambda d: d["state"]["players"][0]["hand"].append(d["state"]["deck"].pop()),
                   "disagrees with a replay of its actions: state.players[0].hand"),
    "whole state a list": (set_in("state", [1, 2, 3]), "state: expected a mapping, got a list"),
}


@pytest.mark.parametrize("case", sorted(DOC_CASES))
def test_broken_document(tmp_path, good_doc, case):
    edit, expected = DOC_CASES[case]
    path = write(tmp_path, edited(good_doc, edit))
    message = load_error(path)
    assert expected in message


TEXT_CASES = {
    "empty": (lambda t: "", "the file is empty"),
    "only spaces": (lambda t: "  \n\n", "the file is empty"),
    "binary": (lambda t: b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "is not a text file"),
    "not yaml": (lambda t: "format: 1\nsettings: {seats: [\n", "not valid YAML"),
    "a list": (lambda t: "- 1\n- 2\n", "not a save of this game"),
    "plain text": (lambda t: "hello dragons\n", "not a save of this game"),
    "python object": (lambda t: t.replace("format: 3", "format: !!python/object/apply:os.system ['echo pwned']"),
                      "refused: the file asks to build Python objects (!!python/object/apply:os.system)"),
    "python object in state": (lambda t: t.replace("  over: false", "  over: !!python/object:builtins.dict {}"),
                               "refused: the file asks to build Python objects"),
    "python name": (lambda t: t.replace("seed: 5", "seed: !!python/name:os.system"),
                    "refused: the file asks to build Python objects"),
    "unknown tag": (lambda t: t.replace("seed: 5", "seed: !dragon 5"), "unknown tag !dragon (line"),
    "thousands of digits": (lambda t: t.replace("seed: 5", "seed: " + "9" * 5000),
                            "a number written with more than 40 characters (line"),
    "deep nesting": (lambda t: t.replace("seed: 5", "seed: " + "[" * 5000 + "]" * 5000),
                     "nested more than 32 levels deep (line"),
    "alias bomb": (lambda t: t.replace("settings:", "bomb: &a [x, x]\nb2: &b [*a, *a, *a, *a]\n"
                                                     "b3: &c [*b, *b, *b, *b]\nsettings:").replace(
                   "  log:\n", "  log: [*c, *c, *c, *c]\n  unused_log:\n"), "aliases and anchors (& and *) are not allowed"),
    "duplicate mapping keys": (lambda t: t.replace("seed: 5", "seed: 5\n  seed: 6", 1),
                               "duplicate key 'seed' (line"),
}


@pytest.mark.parametrize("case", sorted(TEXT_CASES))
def test_broken_text(tmp_path, good_doc, case):
    make, expected = TEXT_CASES[case]
    path = write(tmp_path, make(document_text(good_doc)))
    message = load_error(path)
    assert expected in message


def test_truncated_anywhere(tmp_path, good):
    """A save cut short at any of many points is refused with a clear error
    (never loaded as a shorter game)."""
    full = tmp_path / "full.yaml"
    save_session(good, full)
    data = full.read_bytes()
    cuts = sorted({*range(0, len(data) - 1, max(1, len(data) // 150)), *range(len(data) - 40, len(data) - 1)})
    for k in cuts:
        path = write(tmp_path, data[:k], "cut.yaml")
        message = load_error(path)
        if k > 200:
            assert "truncated" in message, (k, message)
    # Only the last newline missing: nothing is lost, the save loads.
    assert load_session(write(tmp_path, data[:-1], "cut.yaml")).actions == good.actions


def test_missing_file_and_folder(tmp_path):
    assert load_error_of(tmp_path / "nope.yaml").endswith("no such file")
    assert "is a folder" in load_error_of(tmp_path)


def load_error_of(path):
    with pytest.raises(SaveError) as err:
        load_session(path)
    return str(err.value)


def test_safe_dump_only_plain_data(good_doc):
    """The document itself is plain data: it round-trips through safe_load."""
    assert yaml.safe_load(document_text(good_doc)) == good_doc


def test_oversized_file_is_refused_before_parsing(tmp_path):
    path = write(tmp_path, "format: 1\n" + "# padding\n" * (450 * 1024))
    assert load_error(path).endswith("is larger than 4 MB: not a save of this game")
