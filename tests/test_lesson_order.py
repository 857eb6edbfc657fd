"""Lessons in order: no exercise needs a rule taught later, and each rule
lesson has its exercises.

What an exercise needs: the rules its page names (``rules_covered``), and
the rules of the steps its solution plays (a move needs journeys, a capture
needs capturing...). Each must be taught by a page at or before the
exercise, in the catalog's order.
"""

import pytest

from dendria_widget.lessons import Exercise, catalog, teacher_action

LESSONS = catalog()

#: The rule a step's verb needs, by edition (asked of the solution's steps).
STEP_RULES = {
    "move": "journey-line", "slide": "journey-line",
    "sprout": "sprout-majority", "grow": "grow",
    "swap": "pie-swap", "komi": "komi-pie", "side": "komi-pie",
    "place": "hedu-place-height",
}
CAPTURE_RULE = {"dendria-classic": "capture-fertilized", "dendria-sprites": "capture-unprotected"}


def _pages_in_order():
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            yield lesson, k, page


def test_no_exercise_needs_a_rule_taught_later():
    taught = set()
    late = []
    for lesson, k, page in _pages_in_order():
        if isinstance(page, Exercise) and int(lesson.number) < 14:
            game = lesson.start_game(k)
            needs = set(page.rules_covered)
            for item in page.solution:
                if teacher_action(item) is not None:
                    continue
                verb = item.split()[0]
                if verb == "capture":
                    needs.add(CAPTURE_RULE[game.ruleset])
                elif verb in STEP_RULES:
                    needs.add(STEP_RULES[verb])
            missing = needs - taught - set(page.rules_covered)
            # an exercise may itself be where a rule is first practised, but
            # what its steps need must come from a page before it
            missing |= {r for r in needs - set(page.rules_covered) if r not in taught}
            if missing:
                late.append(f"{lesson.name} {page.title}: {sorted(missing)}")
        taught |= set(page.rules_covered)
    assert not late, "\n".join(late)
@pytest.mark.parametrize("lesson", [le for le in LESSONS if 2 <= int(le.number) <= 13],
                         ids=lambda le: le.name)
def test_every_rule_lesson_has_three_exercises(lesson):
    assert len(lesson.exercises()) >= 3


def test_enough_exercises_in_all():
    assert sum(len(lesson.exercises()) for lesson in LESSONS) >= 45
