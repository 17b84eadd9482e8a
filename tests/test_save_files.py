"""Atomic writes (a save killed at any byte leaves the previous save
loadable), the save folder, the autosave, Save as and the list of saves."""
import os

import pytest
from save_helpers import new_session, play_random

import app.save_format as save_mod
from app.save_format import SaveError, load_session, save_session
from app.autosave import BackgroundAutosaver
from app.save_folder import autosave, default_save_dir, file_name, list_saves, load_autosave, save_as


class Killed(BaseException):
    """The process dies: nothing after this point runs."""


@pytest.fixture(scope="module")
def two_sessions():
    s = new_session(3, seed=12)
    play_random(s, 3, steps=30)
    earlier = new_session(3, seed=12)
    for a in s.actions[:20]:
        earlier.apply(a)
    return earlier, s


@pytest.mark.parametrize("cleanup", [True, False])
def test_killed_at_any_byte_leaves_previous_save(tmp_path, monkeypatch, two_sessions, cleanup):
    earlier, later = two_sessions
    path = tmp_path / "game.yaml"
    save_session(earlier, path)
    good = path.read_bytes()
    size = len(save_mod.document_text(save_mod.session_document(later, "game")).encode())
    cuts = sorted({0, 1, size - 1, *range(0, size, max(1, size // 60))})

    def dying_write(fh, data):
        fh.write(data[:k])
        fh.flush()
        assert path.read_bytes() == good      # the real file is never written in place
        raise Killed()

    monkeypatch.setattr(save_mod, "write_bytes", dying_write)
    if not cleanup:          # a real kill leaves the temporary file behind
        monkeypatch.setattr(save_mod.os, "unlink", lambda p: None)
    for k in cuts:
        with pytest.raises(Killed):
            save_session(later, path)
        assert path.read_bytes() == good
    monkeypatch.undo()
    loaded = load_session(path)
    assert loaded.actions == earlier.actions
    leftovers = [f for f in os.listdir(tmp_path) if f != "game.yaml"]
    assert bool(leftovers) == (not cleanup)
    assert all(f.startswith(".game.yaml.") and f.endswith(".tmp") for f in leftovers)
    assert [s.path for s in list_saves(tmp_path)] == [str(path)]
    save_session(later, path)          # the next save works despite leftovers
    assert load_session(path).actions == later.actions


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_failing_disk_keeps_previous_save(tmp_path, monkeypatch, two_sessions, step):
    earlier, later = two_sessions
    path = tmp_path / "game.yaml"
    save_session(earlier, path)
    good = path.read_bytes()

    def fail(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(save_mod.os, step, fail)
    with pytest.raises(SaveError) as err:
        save_session(later, path)
    monkeypatch.undo()
    assert str(err.value) == f"{path}: cannot be written: No space left on device"
    assert path.read_bytes() == good and os.listdir(tmp_path) == ["game.yaml"]


def test_default_save_dir_per_platform():
    linux = default_save_dir("linux", {"HOME": "/home/ann"})
    assert linux == "/home/ann/.local/share/wrath-of-dragons"
    assert default_save_dir("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "/data/ann"}) == \
        "/data/ann/wrath-of-dragons"
    assert default_save_dir("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "relative"}) == linux
    assert default_save_dir("darwin", {"HOME": "/Users/ann"}) == \
        "/Users/ann/Library/Application Support/Wrath of Dragons"
    assert default_save_dir("win32", {"APPDATA": r"C:\Users\ann\AppData\Roaming"}).endswith("Wrath of Dragons")


def test_autosave_after_every_action_and_continue(tmp_path):
    folder = tmp_path / "deep" / "saves"
    s = new_session(2, seed=3)
    saver = BackgroundAutosaver(str(folder))
    s.listeners.append(saver)
    play_random(s, 5, steps=25)
    assert saver.flush() and saver.last_error is None
    resumed = load_autosave(str(folder))
    assert resumed.actions == s.actions and resumed.game.to_dict() == s.game.to_dict()
    assert load_autosave(str(tmp_path / "empty")) is None


def test_autosave_failure_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    s = new_session(2, seed=3)
    saver = BackgroundAutosaver(str(blocker / "saves"))
    s.listeners.append(saver)
    play_random(s, 5, steps=2)
    saver.flush()
    assert saver.last_error and "cannot create the save folder" in saver.last_error


def test_save_as_and_list(tmp_path):
    s = new_session(4, seed=2)
    play_random(s, 1, steps=10)
    autosave(s, tmp_path)
    p = save_as(s, tmp_path, "  Sunday game: Red wins!  ")
    assert os.path.basename(p) == "Sunday_game_Red_wins.yaml"
    (tmp_path / "broken.yaml").write_text("format: 4\n")
    (tmp_path / "cut.yaml").write_bytes(open(p, "rb").read()[:-200])
    (tmp_path / "notes.txt").write_text("not a save")
    saves = {x.name: x for x in list_saves(tmp_path)}
    assert set(saves) == {"Autosave", "Sunday game: Red wins!", "broken", "cut"}
    assert "truncated" in saves["cut"].problem
    sunday = saves["Sunday game: Red wins!"]
    assert sunday.problem is None and not sunday.autosave and saves["Autosave"].autosave
    assert sunday.summary.startswith("4 players (standard), century 1,") and sunday.summary.endswith("to play")
    assert "unsupported save format 4" in saves["broken"].problem
    assert load_session(p).actions == s.actions
    with pytest.raises(ValueError):
        file_name("  ?!  ")
    assert file_name("autosave") == "autosave_1.yaml"
    assert list_saves(tmp_path / "missing") == []


def test_a_save_that_could_not_be_loaded_is_not_written(tmp_path):
    s = new_session(2, seed=1)
    s.seed = 1 << 70                          # settings that loading would reject (new_game refuses them too)
    with pytest.raises(SaveError) as err:
        save_session(s, tmp_path / "x.yaml")
    assert "cannot be saved: settings.seed: must be between" in str(err.value)
    assert os.listdir(tmp_path) == []
