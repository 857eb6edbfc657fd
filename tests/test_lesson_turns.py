"""Every exercise judged on every whole turn that can be played from its start,
and on every unfinished turn on the way to one.

The whole turns are found by asking the engine (``lessons.claims.whole_turns``:
legal steps one after another, up to the end of the turn). On each of them
the check must answer in words (never raise); the solution must be accepted
and every listed wrong answer refused; an exercise that asks for a kind of
turn (a plant, a move, a placement) accepts no other kind; no exercise
accepts more than 30% of the turns unless its goal says "any legal" (a goal
most turns reach teaches nothing); no unfinished turn is ever Right; a
refused turn is told what it missed without being given the answer.
"""

import functools
import re

import pytest

from dendria_widget.lessons import Exercise, catalog
from dendria_widget.lessons.claims import whole_turns

LESSONS = catalog()
EXERCISES = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages)
             if isinstance(p, Exercise) and lesson.name != "18_teachers"]

#: Exercises that ask for more than a kind of turn: what every accepted turn
#: must also hold (the rule the exercise teaches).
ALSO = {
    # both seeds grown in one move, at one stop or at two
    "Seedbeds grown on a journey": lambda steps: {"grow a1", "grow g4"} <= set(steps),
}

#: The most of its distinct whole turns an exercise may accept, unless its
#: goal says "any legal ..." (a rule about every turn).
MOST = 0.30

#: The verbs whose cell is the answer itself (where to plant, where a
#: journey stops): a conversion's cell is the goal, which the prompt may
#: name, and the dendrid that moves is on the board for all to see.
ANSWER_VERBS = ("plant", "sow", "place", "slide")

#: Exercises whose goal is a named cell (the answer is the cell the prompt
#: names: finding a cell by its name, going back to a cell, a soil nobody
#: fertilizes once a seed stands on it).
NAMED_GOAL = {"Find f2", "Home again", "Nobody's soil"}


def answer_cells(ex, start):
    """The empty cells a solution plants on, places on or stops on (a stop
    on an enemy sprite takes it: that cell is the goal, not the answer)."""
    out = []
    for item in ex.solution:
        words = item.split()
        if (words[0] in ANSWER_VERBS and len(words) > 1 and words[1] not in out
                and words[1] not in start.pieces):
            out.append(words[1])
    return out


def _names(text, cells):
    return [c for c in cells if re.search(rf"(?<![A-Za-z0-9]){c}(?![0-9])", text)]


def _judged(lesson, k):
    """Every whole turn from the exercise's start, with its verdict (asked
    once per exercise: the tests below share it)."""
    return _judged_named(lesson.name, k)


@functools.lru_cache(maxsize=None)
def _judged_named(name, k):
    lesson = next(le for le in LESSONS if le.name == name)
    ex = lesson.page(k)
    start = lesson.start_game(k)
    out = []
    for turn in whole_turns(start):
        game = lesson.start_game(k)
        game.play(*turn)
        out.append((turn, ex.judge(game)))
    return out


def _unfinished(lesson, k):
    """Every unfinished turn on the way to a whole turn (each once), with
    its verdict."""
    ex = lesson.page(k)
    seen = set()
    out = []
    for turn, _ in _judged(lesson, k):
        game = lesson.start_game(k)
        for i, step in enumerate(turn[:-1]):
            game.play(step)
            key = tuple(turn[:i + 1])
            if key in seen or not game.turn_under_way:
                continue
            seen.add(key)
            out.append((key, ex.judge(game)))
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
    if "any legal" not in ex.prompt:
        assert len(accepted) <= MOST * len(judged), \
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


@pytest.mark.parametrize("lesson,k", EXERCISES,
                         ids=[f"{le.name}-{k}" for le, k in EXERCISES])
def test_no_unfinished_turn_is_right(lesson, k):
    """Check before the turn is whole never says Right: a journey with no
    slide yet, a plant before its end, a stop before the last slide."""
    unfinished = _unfinished(lesson, k)
    right = [t for t, v in unfinished if v.ok]
    assert not right, f"{lesson.page(k).title} is Right before the turn ends: {right[:3]}"
    for t, v in unfinished[:20]:
        assert "not finished" in v.message, (t, v.message)


@pytest.mark.parametrize("lesson,k", EXERCISES,
                         ids=[f"{le.name}-{k}" for le, k in EXERCISES])
def test_a_wrong_turn_is_not_given_the_answer(lesson, k):
    """A refused whole turn is told what it missed, never where the answer
    is (the cells the solution plants on, moves or stops on)."""
    ex = lesson.page(k)
    if ex.title in NAMED_GOAL:
        return
    answer = answer_cells(ex, lesson.start_game(k))
    # (a cell the learner's own turn named may be said back to them)
    told = [(t, v.message) for t, v in _judged(lesson, k)
            if not v.ok and _names(v.message, [c for c in answer
                                               if not any(c in s.split() for s in t)])]
    assert not told, f"{ex.title}: {len(told)} wrong turns are told the answer: {told[:2]}"


ALL = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages)
       if isinstance(p, Exercise)]


def test_no_answer_in_the_text_nor_in_the_first_hint():
    """The page's text, the prompt and the first stage of the hint (the
    rule) name none of the answer's cells; the part of the board comes at
    the second stage, the move at the third."""
    out = []
    for lesson, k in ALL:
        ex = lesson.page(k)
        if ex.title in NAMED_GOAL:
            continue
        answer = answer_cells(ex, lesson.start_game(k))
        for what, text in (("text", ex.text), ("prompt", ex.prompt), ("hint", ex.hint)):
            named = _names(text, answer)
            if named:
                out.append(f"{lesson.name} {ex.title}: its {what} names {named}")
    assert not out, "\n".join(out)


def test_no_two_exercises_share_a_position_and_a_solution():
    seen = {}
    for lesson, k in ALL:
        ex = lesson.page(k)
        key = (lesson.start_game(k).position_string(), tuple(ex.solution))
        assert key not in seen, f"{lesson.name} {ex.title} repeats {seen[key]}"
        seen[key] = f"{lesson.name} {ex.title}"


DRILL_STARTS = [(lesson, k) for lesson, k in EXERCISES
                if lesson.page(k).idea and lesson.page(k).level == 1]


@pytest.mark.parametrize("lesson,k", DRILL_STARTS,
                         ids=[f"{le.name}-{k}" for le, k in DRILL_STARTS])
def test_a_drills_levels_rise_in_difficulty(lesson, k):
    """Level after level, a drill's check accepts a smaller share of the
    whole turns than the level before (the positions were found and ordered
    that way)."""
    rates = []
    for j in lesson.drill(k):
        judged = _judged(lesson, j)
        rates.append(sum(1 for _, v in judged if v.ok) / len(judged))
    assert len(rates) >= 3
    assert all(a > b for a, b in zip(rates, rates[1:])), [f"{100 * r:.1f}%" for r in rates]


def test_hints_come_in_stages_and_only_the_last_names_the_answer(tmp_path):
    """Help in stages, as the learner gets it in the lesson widget: the
    first stage states the rule, the second marks a part of the board (and
    says how many cells); neither names a cell of the answer. Only the last
    stage, the solution, does."""
    from dendria_widget.lessons import LessonWidget, Progress

    out, staged = [], 0
    for lesson in LESSONS:
        pages = [k for k, p in enumerate(lesson.pages) if isinstance(p, Exercise)]
        if not pages:
            continue
        lw = LessonWidget(lesson, page=pages[0], progress=Progress(tmp_path / "p.json"))
        for k in pages:
            ex = lesson.page(k)
            if ex.title in NAMED_GOAL or not ex.hint:
                continue
            lw.go(k)
            answer = answer_cells(ex, lesson.start_game(k))
            said = []
            while lw.hints < lw.hint_stages():
                lw.hint()
                said.append(lw.verdict.message)
                assert lw.verdict.ok is None
            for stage, text in enumerate(said, 1):
                named = _names(text, answer)
                if named:
                    out.append(f"{lesson.name} {ex.title}: hint {stage} names {named}")
            if len(said) >= 2:
                staged += 1
                # the second stage says only where to look: it does not say
                # the rule of the first again
                assert "cells marked" in said[1] and said[0] not in said[1]
            lw.show_solution()
            assert lw.verdict.ok, (lesson.name, ex.title, lw.verdict.message)
            assert all(_names(lw.verdict.message, [c]) for c in answer), \
                (lesson.name, ex.title, lw.verdict.message)
    assert not out, "\n".join(out)
    assert staged >= 100, staged
