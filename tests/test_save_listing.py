"""What the title believes (issue 28, point 8): a save's header (summary,
date, name) was shown as written in the file, so a mid-game save whose summary
was edited was listed as "finished: Blue P won". A file still as the game
wrote it is sealed (a SHA-256 of the rest on its second line) and its header
shown as it is; any other file has its header checked against the game
inside, and where they differ the game inside is shown, marked as edited. A
notice about settings.yaml never quotes the content of the file."""
from __future__ import annotations

import os
import re

import pytest
from save_helpers import new_session, play_random
from ui_helpers import DrawnText, click, make_app, redraw

from app import save_folder, save_format
from app.save_folder import list_saves, recent_games
from app.save_format import document_text, save_session, session_document
from sprites.scenes.title import TitleScene
from sprites.settings import Settings

LIE = "3 players (standard), finished: Blue P won"


def lying_text(session):
    """A mid-game save whose header says it is over and who won (the rest as the game wrote it)."""
    text = document_text(session_document(session, "Autosave"))
    text = re.sub(r"^  text: .*$", f"  text: '{LIE}'", text, count=1, flags=re.M)
    text = re.sub(r"^  over: false$", "  over: true", text, count=1, flags=re.M)
    text = re.sub(r"^saved: .*$", "saved: '2030-01-01T00:00:00Z'", text, count=1, flags=re.M)   # the future
    return text.replace("name: Autosave", "name: The final", 1)


@pytest.fixture
def mid_game():
    s = new_session(3, seed=8, kind="human")
    play_random(s, 2, steps=25)
    return s


def test_an_edited_header_is_not_believed(tmp_path, mid_game, monkeypatch):
    (tmp_path / "autosave-20260102-100000-8.yaml").write_text(lying_text(mid_game), encoding="utf-8")
    [info] = recent_games(str(tmp_path))
    assert info.edited and not info.facts["over"] and info.summary != LIE
    assert info.summary == save_format.summary(mid_game)["text"]
    assert info.name != "The final" and info.date.year < 2030
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path)
    app.push(TitleScene(app, seed=1))
    assert app.scene._latest() == info, "Continue offers the unfinished game"
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert "finished" not in shown and "won" not in shown
    assert "century 2 of 6" in shown and "edited outside the game" in shown
    click(app, "button:load")
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert "finished" not in shown and "The final" not in shown and "edited outside the game" in shown


def test_a_save_as_the_game_wrote_it_is_sealed_and_not_parsed_for_the_list(tmp_path, monkeypatch):
    finished = new_session(2, seed=3)
    play_random(finished, 1)
    save_session(finished, str(tmp_path / "done.yaml"), name="Done")
    assert (tmp_path / "done.yaml").read_text().splitlines()[1].startswith("# sealed: ")
    parsed = []
    real = save_format.parse_yaml
    monkeypatch.setattr(save_folder, "parse_yaml", lambda text: parsed.append(1) or real(text))
    [info] = list_saves(str(tmp_path))
    assert parsed == [] and not info.edited and info.name == "Done" and info.facts["over"]
    # one changed byte anywhere (here deep in the state) breaks the seal: the header is checked
    text = (tmp_path / "done.yaml").read_text()
    (tmp_path / "done.yaml").write_text(text.replace("  seed: 3\n", "  seed: 3 \n", 1))
    [info] = list_saves(str(tmp_path))
    assert parsed == [1] and not info.edited and info.name == "Done", "the header is true: shown as it is"
    list_saves(str(tmp_path))
    assert parsed == [1], "each version of a file is parsed once"


def test_a_header_whose_game_cannot_be_read_is_listed_as_damaged(tmp_path, mid_game):
    text = lying_text(mid_game).replace("\nstate:\n", "\nstate_gone:\n", 1)
    (tmp_path / "autosave-20260102-100000-8.yaml").write_text(text, encoding="utf-8")
    [info] = list_saves(str(tmp_path))
    assert info.problem and "state" in info.problem and info.facts is None
    assert recent_games(str(tmp_path)) == [info]


SECRET = "root:$6$s3cr3tHash:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n"


@pytest.mark.parametrize("content", [
    SECRET,                                                  # /etc/shadow read as unknown entries
    "api_token: 0123456789abcdef\n",
    "players: 'hunter2 is my password'\nspeed: hunter3\n",   # values
    "seats: [{name: Ash, dragon: hunter2-dragon}]\n",
    "hunter2: 1\nhunter2: 2\n",                              # a duplicate key
    "pw: !hunter2 x\n",                                      # a tag
])
def test_a_settings_notice_never_quotes_the_file(tmp_path, content):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text(content)
    folder = tmp_path / "saves"
    folder.mkdir()
    os.symlink(elsewhere, folder / "settings.yaml")
    notice = Settings.load(str(folder)).notice
    assert notice and notice.startswith(str(folder / "settings.yaml") + ": ")
    notice = notice[len(str(folder / "settings.yaml")):]
    for secret in ("root", "s3cr3t", "daemon", "api_token", "0123456789", "hunter"):
        assert secret not in notice, notice


@pytest.mark.parametrize("players, steps", [(2, 0), (3, 25), (6, None)])
def test_the_quick_check_reads_what_the_whole_file_says(players, steps):
    """The listing parses a save without its actions and log (a tenth of the time): the same summary."""
    from app.save_format import document_summary, parse_yaml, without_long_parts
    s = new_session(players, seed=4)
    play_random(s, 3, steps=steps)
    text = document_text(session_document(s, "x"))
    short, actions = without_long_parts(text)
    assert len(short) < len(text) and (players < 6 or len(short) < len(text) // 4)
    assert document_summary(parse_yaml(short), actions) == document_summary(parse_yaml(text)) == \
        save_format.summary(s)


def test_a_large_unsealed_save_is_marked_without_being_parsed(tmp_path, mid_game, monkeypatch):
    """A file too large to check quickly (a hostile 4 MB one would hold up the title) shows its header, marked."""
    text = lying_text(mid_game).replace("# end of save", "# padding\n" * 120_000 + "# end of save")
    (tmp_path / "big.yaml").write_text(text, encoding="utf-8")
    assert os.path.getsize(tmp_path / "big.yaml") > save_folder.CHECK_BYTES
    monkeypatch.setattr(save_folder, "parse_yaml", lambda text: pytest.fail("parsed"))
    [info] = list_saves(str(tmp_path))
    assert info.edited and info.problem is None
