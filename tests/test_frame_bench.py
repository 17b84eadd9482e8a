"""tests/bench/frame.py times the frame after every action, wherever it
enters: a click of the human seat (the host's ``send``) or another dragon's
move (the host's ``advance``). It once hooked ``table.apply``, which clicks no
longer pass, and timed 6 of 60 such frames (issue 39)."""
from __future__ import annotations

import pytest

from ui_helpers import make_app
from bench import frame


@pytest.mark.parametrize("standings", [False, True])
def test_every_action_gets_its_frame_timed(tmp_path, standings):
    app = make_app(tmp_path, animate=True, threaded_ai=True, ai_delay_ms=40)
    # the human seat decides first (it places its dragon in the 5th century), then the AI dragons go on
    session = next(s for s in (frame.mid_game(3, n) for n in range(230, 320)) if s.game.decision.player == 0)
    table = app.start_game(session, handoff=False)
    table.set_speed(4)
    if standings:
        table.standings.toggle()
    app.render()
    shown = []                              # the game's version on each frame that showed a change
    humans = []                             # the versions the human seat's clicks made
    real_render, real_send = app.render, table.host.send

    def render():
        if app.dirty and session.changes != (shown[-1] if shown else start):
            shown.append(session.changes)
        real_render()

    def send(seat, command):
        answer = real_send(seat, command)
        humans.append(session.changes)
        return answer
    start = session.changes
    app.render, table.host.send = render, send
    wall, cpu = frame.after_action_frames(app, table, 16, seed=3, think_ms=0)
    app.flush_saves(timeout=10)
    assert session.changes - start >= 16 or session.game.is_over
    assert humans and len(set(humans)) < len(shown), "both the human's clicks and the AI's moves were played"
    assert len(cpu) == len(wall) == len(shown)


def test_the_steady_bench_times_each_move_it_plays():
    """tests/bench/frame_steady.py (the same moves in every run, to weigh a change):
    one run times the frame of each move it plays, the AI's thinking left out."""
    from bench import frame_steady
    cpu = frame_steady.one_run(4, standings=True)
    assert len(cpu) == 4 and all(0 < ms < 5000 for ms in cpu)
