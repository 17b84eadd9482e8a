"""Two things about loading a save that was edited by hand (issue 25, points 4 and 5):

- no error message names a hidden card or what a lair holds (a tampered save said
  "state.players[2].hand[0] is 'wrath_attack_gothia' ..." on the title screen of a
  hot-seat game);
- names are not rules: a save whose only difference is a player's name edited by
  hand (in the settings or in the state) loads, the name checked like any name.
"""
from __future__ import annotations

import copy

import pytest
from save_helpers import new_session, play_random
from ui_helpers import click, make_app

from app.save_format import SaveError, document_text, load_session, session_document
from game.data import default_data
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


@pytest.fixture(scope="module")
def game():
    """4 players in their 2nd century: cards in hands, in the deck, in lairs."""
    s = new_session(4, seed=5)
    play_random(s, 1, steps=60)
    return s


def unseen(session):
    """Card ids and titles that some player may not see: hands, deck, draft, private log entries."""
    st = session.game.state
    ids = {c for p in st.players for c in p.hand} | set(st.deck) | set(st.draft)
    for e in st.log:
        if e.get("private") is not None:
            ids |= {c for k in ("card", "cards") for c in ([e[k]] if isinstance(e.get(k), str) else e.get(k, []))}
    cards = default_data().cards
    return ids, {cards[c].title for c in ids}


def refusal(tmp_path, doc):
    path = tmp_path / "edited.yaml"
    path.write_text(document_text(doc), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_session(str(path))
    return str(err.value)


def swap_hands(doc):
    a, b = doc["state"]["players"][2]["hand"], doc["state"]["players"][0]["hand"]
    a[0], b[0] = b[0], a[0]


def other_card_in_hand(doc):
    st = doc["state"]
    st["players"][2]["hand"][0] = next(c for c in st["deck"] if c not in st["players"][2]["hand"])


def lair_gold(doc):
    doc["state"]["players"][1]["lair"]["res"]["gold"] += 2


def drew_other(doc):
    drew = next(e for e in doc["state"]["log"] if e["kind"] == "drew")
    drew["cards"][0] = doc["state"]["deck"][-1]


def hand_as_text(doc):
    doc["state"]["players"][3]["hand"] = doc["state"]["players"][3]["hand"][0]


def discard_too_early(doc):
    i = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "discard" and i > 0)
    doc["actions"].insert(0, doc["actions"].pop(i))


def deck_reordered(doc):
    deck = doc["state"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]


def lair_in_a_list(doc):
    doc["state"]["players"][0]["lair"] = [doc["state"]["players"][0]["hand"][0], 3]


EDITS = {"cards swapped between hands": swap_hands, "another card in a hand": other_card_in_hand,
         "a lair's gold": lair_gold, "a private draw": drew_other, "a hand that is text": hand_as_text,
         "a discard replayed too early": discard_too_early, "the deck reordered": deck_reordered,
         "a lair that is a list": lair_in_a_list}


@pytest.mark.parametrize("case", sorted(EDITS))
def test_no_message_names_a_hidden_card_or_lair_content(tmp_path, game, case):
    doc = copy.deepcopy(session_document(game, "tampered"))
    EDITS[case](doc)
    message = refusal(tmp_path, doc)
    ids, titles = unseen(game)
    named = [c for c in ids if c in message] + [t for t in titles if t in message]
    assert not named, message
    if case == "a lair's gold":
        lair = doc["state"]["players"][1]["lair"]["res"]
        assert "state.players[1].lair.res.gold" in message and f" {lair['gold']} " not in message
    if "disagrees" in message:
        assert "not shown" in message


def test_a_public_difference_still_says_what_differs(tmp_path, game):
    doc = copy.deepcopy(session_document(game, "tampered"))
    doc["state"]["players"][2]["life"] = 1 + doc["state"]["players"][2]["life"] % 4
    message = refusal(tmp_path, doc)
    assert "state.players[2].life is " in message and "after replaying" in message


# ----- point 5: names are not rules --------------------------------------------------------
def renamed(game, where, name="Zed the Red"):
    doc = copy.deepcopy(session_document(game, "renamed"))
    if where in ("settings", "everywhere"):
        doc["settings"]["seats"][1]["name"] = name
    if where in ("state", "everywhere"):
        doc["state"]["players"][1]["name"] = name
    if where == "everywhere":
        doc["summary"]["players"][1] = name
    return doc


@pytest.mark.parametrize("where", ["settings", "state", "everywhere"])
def test_a_name_edited_by_hand_loads(tmp_path, game, where):
    path = tmp_path / "renamed.yaml"
    path.write_text(document_text(renamed(game, where)), encoding="utf-8")
    loaded = load_session(str(path))
    assert loaded.seats[1].name == loaded.game.name(1) == "Zed the Red"
    assert loaded.actions == game.actions
    assert loaded.replayed().to_dict() == loaded.game.to_dict(), "undo and replays rebuild the same game"


@pytest.mark.parametrize("name, problem", [("\u034f", "shows"), ("x" * 19, "at most 18 characters"),
                                           ("Ash\x1b[31m", "cannot contain the character")])
@pytest.mark.parametrize("where", ["settings", "state"])
def test_an_edited_name_is_checked_as_usual(tmp_path, game, where, name, problem):
    message = refusal(tmp_path, renamed(game, where, name))
    assert f"players[1].name: a name " in message or f"seats[1].name: a name " in message
    assert problem in message and "\x1b" not in message


# ----- on the title screen ------------------------------------------------------------------
def test_the_title_loads_a_renamed_save_and_hides_a_tampered_hand(tmp_path, game):
    (tmp_path / "renamed.yaml").write_text(document_text(renamed(game, "state")), encoding="utf-8")
    doc = copy.deepcopy(session_document(game, "tampered"))
    other_card_in_hand(doc)
    (tmp_path / "tampered.yaml").write_text(document_text(doc), encoding="utf-8")
    app = make_app(tmp_path)
    app.push(TitleScene(app, seed=1))
    click(app, "button:load")
    title = app.scene
    click(app, f"load:{[i.name for i in title.loading].index('tampered')}")
    assert isinstance(app.scene, TitleScene)
    ids, titles = unseen(game)
    shown = app.scene.message
    assert "Cannot load" in shown and not [c for c in ids | titles if c in shown], shown
    assert not [c for c in ids | titles if c in app.scene.question[1]], "the box with the reason in full neither"
    click(app, "question:no")
    click(app, "button:load")
    click(app, f"load:{[i.name for i in app.scene.loading].index('renamed')}")
    table = next(s for s in app.stack if isinstance(s, (TableScene, HandOffScene)))
    session = table.host.session if isinstance(table, TableScene) else table.table.host.session
    assert session.seats[1].name == "Zed the Red"
