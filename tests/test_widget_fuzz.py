"""Random clicks and button presses never break the board widget.

Whatever a learner clicks, in any game and on any board shape, no Python
error escapes, the status line always says something, and the game only
ever changes by legal steps: its record replays to the same game.
"""

import random

import pytest

from dendria_widget import BoardWidget, Game

CONFIGS = [
    ("dendria-classic", {"size": 4}),
    ("dendria-sprites", {"size": 4, "komi_max": 5}),
    ("dendria-sprites", {"board": "atoll-7"}),
    ("hedu", {"size": 3}),
]


def live(buttons):
    return [b for b in buttons if not b.disabled and b.layout.display != "none"]


@pytest.mark.parametrize("ruleset,kwargs", CONFIGS)
def test_random_clicks_never_break_the_widget(ruleset, kwargs, caplog):
    rng = random.Random(len(ruleset) * 7 + len(kwargs))
    game = Game(ruleset, **kwargs)
    w = BoardWidget(game, width=360)
    scene = w.scene()
    overlays = list(w.overlay_buttons)
    deepest = 0
    for _ in range(400):
        action = rng.random()
        if action < 0.6:
            # anywhere on the canvas, a little off the board too
            w.click_pixel(rng.uniform(-10, scene.width + 10), rng.uniform(-10, scene.height + 10))
        elif action < 0.85:
            turn = live([w.end_button, w.pass_button, w.swap_button, w.komi_button,
                         w.side_dark, w.side_light]
                        + [b for b in w.choices.children if hasattr(b, "click")])
            if turn:
                if w.komi_button in turn:
                    w.komi_value.value = rng.randint(0, 5)
                rng.choice(turn).click()
        elif action < 0.9:
            history = live([w.first_button, w.prev_button, w.next_button, w.last_button,
                            w.undo_button, w.redo_button])
            if history:
                rng.choice(history).click()
        elif action < 0.95:
            w.set_hover(rng.choice([game.board.name(i) for i in game.board.plots] + [None]))
        else:
            w.set_overlay(rng.choice(overlays), rng.random() < 0.5)
        assert isinstance(w.status, str) and w.status
        game = w.game
        deepest = max(deepest, len(game.steps))
    # ipywidgets catches errors in button callbacks and only logs them
    errors = [r.getMessage() for r in caplog.records if "Exception in callback" in r.getMessage()]
    assert not errors, errors[:3]
    # every step the widget played was legal: the record replays identically
    again = Game.from_record(game.to_record())
    assert again.position_string() == game.position_string()
    assert [str(s) for s in again.steps] == [str(s) for s in game.steps]
    assert [str(s) for s in again.future] == [str(s) for s in game.future]
    assert deepest > 10
    w.to_svg()
