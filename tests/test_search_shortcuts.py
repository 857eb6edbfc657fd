"""The engine's shortcuts for the no-dead-ends rule never change what is legal.

docs/rules.md 2.3: a step after which no legal end of the turn can be reached is
itself illegal. The engine answers "can this turn still end?" with cheap
sufficient tests, a sound bound (``_hope``) and an exact decision for
journeys that must gain a tree (``_decide_gain``) before any exhaustive
search; at a turn's start it finds the dendrids that surely have a journey
all at once (``_moves_sure``: one repetition look-up; ``_moves_by_gain``:
a grow or capture before the first slide); during a journey it judges the
slides that a capture can follow together (``_slides_then_capture``). Here a
reference state with all of them switched off (the plain
exhaustive search over every step of the turn) must list exactly the same
legal steps at every step of random games, on small boards where the plain
search is affordable, with the options that make the search hard (power
rule, sprite capture, enclosed groups by sight).
"""

import random

import pytest

from dendria_widget import Game
from dendria_widget.rules.dendria import DendriaState


class PlainSearch(DendriaState):
    """The same engine, deciding every finish by plain exhaustive search."""

    def _hope(self):
        return True

    def _decide_gain(self):
        return None

    def _ends_right_after(self, step):
        return False

    # the turn's start: every dendrid's journey found by the search too
    def _moves_sure(self, dendrids):
        return 0

    def _moves_by_gain(self, dendrids):
        return 0

    def _move_finishable(self, p):
        return self._finishable_after(self._steps["move"][p])

    # during a journey: no slide judged by a capture after it
    def _slides_then_capture(self, steps):
        return ()


MIXES = [
    ("dendria-sprites", {}),
    ("dendria-sprites", {"enclosed_groups": "never", "capture": "fertilized"}),
    ("dendria-classic", {"power_rule": True, "sprite_capture": True}),
    ("dendria-classic", {"power_rule": True, "convert_at_start": True, "superko": "positional"}),
    ("dendria-classic", {}),   # positional superko, no power rule: the one-look-up move test
]


@pytest.mark.parametrize("ruleset,options", MIXES)
def test_shortcuts_list_the_same_steps_as_the_plain_search(ruleset, options):
    checked = 0
    for seed in range(6):
        game = Game(ruleset, size=3 + seed % 2, **options)
        fast = game.state
        plain = PlainSearch(game.rules)
        rng = random.Random(seed)
        steps = 0
        while not fast.over and steps < 160:
            legal = fast.legal()
            assert legal == plain.legal(), (
                f"step {steps}: {[fast.fmt(s) for s in legal]} != "
                f"{[fast.fmt(s) for s in plain.legal()]}")
            checked += 1
            k = len(legal)
            step = legal[rng.randrange(k)]
            while step[0] == "pass" and k > 1:
                step = legal[rng.randrange(k)]
            fast.apply(step)
            plain.apply(step)
            steps += 1
    assert checked > 200
