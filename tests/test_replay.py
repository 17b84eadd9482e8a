"""The replay model: every position it shows is exactly the game after that
many actions, stepping forward, back or seeking anywhere."""
import random

from save_helpers import new_session, play_random

from app.replay import Replay
from app.save_format import save_session


def finished(n=3, seed=6, variant="standard"):
    s = new_session(n, seed, variant)
    play_random(s, seed)
    return s


def test_every_position_is_exact_in_any_order():
    s = finished()
    r = Replay(s, every=10)
    g = s.fresh_game()
    truth = [g.to_dict()]
    for a in s.actions:           # one replay, not one per position: linear in the game's length
        g.apply(a)
        truth.append(g.to_dict())
    assert r.at_start and r.game.to_dict() == truth[0] and r.last_step is None
    order = list(range(len(truth)))
    random.Random(2).shuffle(order)
    for i in order:
        r.seek(i)
        assert r.index == i and r.game.to_dict() == truth[i]
    r.to_end()
    assert r.at_end and not r.forward() and r.game.is_over
    while r.back():
        assert r.game.to_dict() == truth[r.index]
    assert r.at_start and not r.back()
    r.seek(len(truth) + 50)
    assert r.at_end and r.game.to_dict() == truth[-1]


def test_steps_name_the_chooser_the_words_and_the_log_lines():
    s = finished(4, 3, "strategist")
    r = Replay(s)
    for step in r.steps[:80]:
        r.seek(step.index)
        d = r.game.decision
        assert step.seat == d.player and step.action == s.actions[step.index]
        assert step.text == r.game.describe(step.action)
        r.forward()
        assert r.last_step == step
        assert step.log_end == len(r.game.state.log) and step.log_start <= step.log_end


def test_log_hides_private_lines_unless_asked():
    s = finished(3, 9)
    r = Replay(s)
    r.to_end()
    full = r.game.state.log
    public = r.log()
    assert len(public) == sum(1 for e in full if "private" not in e) < len(full)
    mine = r.log(seat=1)
    assert len(mine) == sum(1 for e in full if e.get("private") in (None, 1))
    assert len(r.log(reveal=True)) == len(full)


def test_from_file_and_a_game_saved_midway(tmp_path):
    s = new_session(2, 4)
    play_random(s, 4, steps=45)
    path = tmp_path / "mid.yaml"
    save_session(s, path)
    r = Replay.from_file(path)
    assert len(r) == 45 and not r.final.is_over
    r.to_end()
    assert r.game.to_dict() == s.game.to_dict()
