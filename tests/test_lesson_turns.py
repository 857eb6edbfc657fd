"""Every exercise judged on every whole turn that can be played from its start.

The whole turns are found by asking the engine (``lessons.claims.whole_turns``:
legal steps one after another, up to the end of the turn). On each of them
the check must answer in words (never raise); the solution must be accepted
and every listed wrong answer refused; an exercise that asks for a kind of
turn (a plant, a move, a placement) accepts no other kind; and no exercise
accepts more than half of the turns (a one-click choice teaches nothing).
"""

import re

import pytest

from dendria_widget.lessons import Exercise, catalog
from dendria_widget.lessons.claims import whole_turns

LESSONS = catalog()
EXERCISES = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages)
             if isinstance(p, Exercise) and not int(lesson.number) >= 14]

#: Exercises that ask for more than a kind of turn: what every accepted turn
#: must also hold (the rule the exercise teaches).
ALSO = {
    "Two stops": lambda steps: sum(s.startswith("slide") for s in steps) >= 2,
}


def _judged(lesson, k):
    ex = lesson.page(k)
    start = lesson.start_game(k)
    out = []
    for turn in whole_turns(start):
        game = lesson.start_game(k)
        game.play(*turn)
        out.append((turn, ex.judge(game)))
    return out


@pytest.mark.parametrize("lesson,k", EXERCISES,
                         ids=[f"{le.name}-{k}" for le, k in EXERCISES])
def test_every_whole_turn_is_judged_in_words(lesson, k):
    ex = lesson.page(k)
    judged = _judged(lesson, k)
    assert len(judged) >= 2, "an exercise offers a choice of turns"
    accepted = [turn for turn, v in judged if v.ok]
    ruleset = lesson.start_game(k).rules.ruleset
    for turn, v in judged:
        assert isinstance(v.message, str) and len(v.message) > 10, turn
        assert not re.search(r"[\[\]{}]|None|True|False|Step\(", v.message), v.message
        if ruleset == "dendria-sprites":     # the edition's words: sow, sprite, plot
            assert not re.search(r"(?i)\b(plants?|planted|planting|dendrids?|soils?)\b",
                                 v.message), v.message
        elif ruleset == "dendria-classic":   # and the classic edition's: plant, dendrid
            assert not re.search(r"(?i)\b(sows?|sown|sowing|sprites?|leafiness)\b",
                                 v.message), v.message
    assert accepted, "no whole turn solves the exercise"
    assert 2 * len(accepted) <= len(judged), \
        f"{ex.title} accepts {len(accepted)} of its {len(judged)} whole turns"
    # the solution (finished into a whole turn) is accepted, wrong answers are not
    solution = list(ex.solution)
    game = ex.perform(lesson.start_game(k), solution)
    if game.turn_under_way and game.is_legal("end"):
        game.play("end")
    assert ex.judge(game).ok
    for wrong in ex.wrong:
        assert not ex.judge(ex.perform(lesson.start_game(k), wrong)).ok, wrong
    if ex.turn:
        verbs = {"plant": ("plant", "sow"), "move": ("move",), "place": ("place",)}[ex.turn]
        off = [t for t in accepted if t[0].split()[0] not in verbs]
        assert not off, f"{ex.title} asks for a {ex.turn} but accepts {off[:3]}"
        refused = [(t, v) for t, v in judged if t[0].split()[0] not in verbs]
        for t, v in refused[:5]:
            assert not v.ok
    if ex.title in ALSO:
        off = [t for t in accepted if not ALSO[ex.title](t)]
        assert not off, f"{ex.title} accepts {off[:3]}"


def test_exercises_that_ask_for_a_kind_of_turn_say_so():
    """An exercise whose prompt asks to plant (sow), move or place declares
    it, so that the judge refuses the other kinds."""
    for lesson, k in EXERCISES:
        ex = lesson.page(k)
        prompt = ex.prompt.lower()
        if re.search(r"\b(plant|sow)\b", prompt) and not re.search(r"\bmove\b", prompt):
            assert ex.turn == "plant", f"{lesson.name} {ex.title}"
        if re.search(r"\bmove (your|a|one)\b", prompt):
            assert ex.turn == "move", f"{lesson.name} {ex.title}"


#: Whole turns of one click that put nothing on the board.
CHOICES = ("pass", "swap", "side", "komi")


@pytest.mark.parametrize("lesson,k", EXERCISES,
                         ids=[f"{le.name}-{k}" for le, k in EXERCISES])
def test_no_exercise_is_a_one_click_choice(lesson, k):
    """An exercise whose every right answer is a pass, a swap or a side
    choice tests a button, not the rule: it needs a move on the board."""
    accepted = [turn for turn, v in _judged(lesson, k) if v.ok]
    assert not all(len(t) == 1 and t[0].split()[0] in CHOICES for t in accepted), \
        f"{lesson.page(k).title}: every right answer is one click ({accepted[:3]})"
