"""Saves written before the log held events (format 1: one sentence per log
line) still load, and the game continues exactly as it would have.

The fixture was written by the code of that time, which also recorded how the
game goes on from there (seeded random choices): the final scores and the last
log lines."""
import json
import os

from game.app.save_format import load_session, save_session, sentence_log

HERE = os.path.join(os.path.dirname(__file__), "fixtures")
OLD_SAVE = os.path.join(HERE, "format1_save.yaml")
with open(os.path.join(HERE, "format1_continuation.json"), encoding="utf-8") as fh:
    AFTER = json.load(fh)


def test_a_format_1_save_loads_and_its_log_reads_as_before():
    with open(OLD_SAVE, encoding="utf-8") as fh:
        assert "\nformat: 1\n" in fh.read()
    s = load_session(OLD_SAVE)        # the replayed events must give the stored sentences
    assert len(s.actions) == 130
    assert all(isinstance(e, dict) and "kind" in e for e in s.game.state.log)


def test_a_format_1_save_continues_identically(tmp_path):
    s = load_session(OLD_SAVE)
    for k in AFTER["chosen"]:
        s.apply(s.game.decision.options[k])
    assert s.game.is_over
    assert s.game.final_scores() == AFTER["final_scores"]
    log = sentence_log(s.game)
    assert len(log) == AFTER["log_length"]
    assert log[-len(AFTER["log_tail"]):] == AFTER["log_tail"]


def test_a_loaded_old_save_is_saved_again_in_the_new_format(tmp_path):
    s = load_session(OLD_SAVE)
    path = tmp_path / "again.yaml"
    save_session(s, path)
    assert "\nformat: 2\n" in path.read_text()
    again = load_session(path)
    assert again.game.to_dict() == s.game.to_dict()
