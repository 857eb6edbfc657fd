"""Small helpers shared by the engine tests (tests/browser has its own).

Property tests run the same examples on every run ("repeatable" profile), so
CI never turns red by the luck of the draw; explore new random examples with
``HYPOTHESIS_PROFILE=explore python -m pytest tests -k properties``.
"""

import os

import pytest
from hypothesis import settings

from dendria_widget import Game, IllegalStep

settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def classic(pieces, to_move="dark", size=4, komi=None, **options):
    """A dendria-classic game in normal play from a hand-made position."""
    pos = {"to_move": to_move, "pieces": dict(pieces)}
    if komi is not None:
        pos["komi"] = komi
    rules = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": size},
             "options": options}
    return Game.from_position(pos, rules=rules)


def snapshot(game):
    """Everything a refused step must leave unchanged (game and engine)."""
    st = game.state
    return (game.position_string(), game.phase, game.to_move, len(game.steps),
            [str(s) for s in game.future], dict(game.comments),
            [[str(s) for s in t] for t in game.history], game.is_over,
            bytes(st.cells), st.occ, st.passes, st.swapped, len(st.reps.by_hash),
            list(getattr(st, "prisoners", ())))


def refused(game, step, *words):
    """Assert that ``step`` is refused, that the reason contains every one of
    ``words`` and that the game is exactly as it was. Returns the reason."""
    before = snapshot(game)
    reason = game.why_illegal(step)
    assert reason, f"{step!r} should be refused"
    for w in words:
        assert w in reason, f"{w!r} not in the reason {reason!r}"
    with pytest.raises(IllegalStep):
        game.play(step)
    assert snapshot(game) == before
    return reason


def legal(game):
    """The legal steps now, as strings."""
    return {str(s) for s in game.legal_steps()}


def stop_after_thinking(choose, what, cpu=0.5):
    """Run ``choose(stop)`` in a thread and press Stop (set ``stop``) once
    that thread has thought for ``cpu`` seconds of its own processor time;
    returns what ``choose`` returned and the thread's processor seconds from
    the press of Stop to its end. Timed on the thread's own clock: a busy
    machine delays the thread but does not make it do more, so it cannot
    make a test fail. ``what`` names the case in the failures."""
    import threading
    import time

    stop, box = threading.Event(), {}

    def think():
        box["turn"] = choose(stop)
        box["cpu"] = time.thread_time()              # the thinking thread's clock

    thread = threading.Thread(target=think)
    thread.start()
    clock = time.pthread_getcpuclockid(thread.ident)
    deadline = time.monotonic() + 300
    while thread.is_alive() and time.monotonic() < deadline and (
            time.clock_gettime(clock) < cpu):
        time.sleep(0.01)
    assert thread.is_alive(), f"{what}: it chose before Stop was pressed"
    pressed = time.clock_gettime(clock)
    stop.set()                                       # Stop is pressed
    try:
        pressed = time.clock_gettime(clock)
    except OSError:                                  # it has already ended
        pass
    thread.join(300)
    assert not thread.is_alive(), f"{what}: it did not stop"
    return box["turn"], box["cpu"] - pressed
