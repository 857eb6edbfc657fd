"""Lessons in order: no exercise needs a rule taught later, and each rule
lesson has its exercises.

What an exercise needs: the rules its page names (``rules_covered``), and
the rules of the steps its solution plays (a move needs journeys, a capture
needs capturing...). Each must be taught by a page (not an exercise) before
the exercise, in the catalog's order: an exercise practises a rule, it never
teaches it.
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


def late_exercises(pages):
    """The exercises among ``pages`` ((lesson, k, page) in order) that need
    a rule no page before them taught, each with what it misses."""
    taught = set()
    late = []
    for lesson, k, page in pages:
        if isinstance(page, Exercise) and int(lesson.number) < 18:
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
            missing = needs - taught
            if missing:
                late.append(f"{lesson.name} {page.title}: {sorted(missing)}")
        elif not isinstance(page, Exercise):
            taught |= set(page.rules_covered)
    return late


def test_no_exercise_needs_a_rule_taught_later():
    late = late_exercises(list(_pages_in_order()))
    assert not late, "\n".join(late)


def test_an_exercise_never_teaches_its_own_rule():
    """Moved before the page that teaches its rule, an exercise is caught:
    its own ``rules_covered`` does not count as taught."""
    pages = list(_pages_in_order())
    for at, (lesson, k, page) in enumerate(pages):
        if isinstance(page, Exercise) and page.rules_covered and int(lesson.number) < 18:
            rule = page.rules_covered[0]
            first = next(i for i, (_, _, p) in enumerate(pages)
                         if not isinstance(p, Exercise) and rule in p.rules_covered)
            moved = pages[:first] + [pages[at]] + [x for x in pages[first:] if x is not pages[at]]
            assert any(f"{lesson.name} {page.title}:" in line
                       for line in late_exercises(moved)), page.title
            break


@pytest.mark.parametrize("lesson", [le for le in LESSONS if 2 <= int(le.number) <= 17],
                         ids=lambda le: le.name)
def test_every_rule_lesson_has_three_exercises(lesson):
    assert len(lesson.exercises()) >= 3


def test_enough_exercises_in_all():
    assert sum(len(lesson.exercises()) for lesson in LESSONS) >= 100
