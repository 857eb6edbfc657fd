"""The classic lessons' verdicts (01..10) name what the engine reports, never
a typed colour, cell or count.

The colour a verdict names follows the learner: each hand-written exercise
is played again on its board with the colours mirrored (every piece of the
other colour, the other colour to move), and its verdicts on the solution
and on each wrong answer must be the same sentences with Dark and Light
exchanged. A verdict that typed "Dark" (or judged for a typed colour) says
the wrong colour, or the wrong thing, on the mirrored board.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from dendria_widget import Game
from dendria_widget.explain import dendria as explain
from dendria_widget.lessons import Exercise, Verdict, catalog, checks, facts
from dendria_widget.lessons.data import l09_scoring, l10_pie

LESSONS = [le for le in catalog() if 1 <= int(le.number) <= 10]


def mirrored_position(position: str) -> str:
    """A classic position string with every piece of the other colour
    (a piece's letter in the other case) and the other colour to move."""
    tokens = position.split()
    tokens[2] = tokens[2].swapcase()
    tokens[3] = {"dark": "light", "light": "dark"}[tokens[3]]
    return " ".join(tokens)


def swap_colours(text: str) -> str:
    swaps = {"dark": "light", "light": "dark", "Dark": "Light", "Light": "Dark"}
    return re.sub(r"\b(dark|light|Dark|Light)\b", lambda m: swaps[m.group(0)], text)


def in_any_order(text: str) -> list[str]:
    """A verdict's sentences, read in any order, and a count by colour
    written in the engine's fixed order ('4 dark, 2 light') too: Dark's
    score first, then Light's, is the engine's order, not a fact."""
    text = re.sub(r"(\d+ (?:dark|light)), (\d+ (?:dark|light))",
                  lambda m: ", ".join(sorted(m.groups())), text)
    return sorted(re.split(r"(?<=\.) ", text))


def _hand_written():
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            if isinstance(page, Exercise) and not page.idea and isinstance(page.start, str) \
                    and "komi" not in page.start:
                yield pytest.param(lesson, k, page, id=f"{lesson.name}-{page.title}")


EXERCISES = list(_hand_written())


def _verdict(page: Exercise, answer) -> Verdict:
    """The verdict on ``answer``, its turn ended as the widget ends it (an
    exercise with ``auto_end`` ends a turn that can end)."""
    game = page.start_game()
    page.perform(game, answer)
    if page.auto_end and game.turn_under_way and game.is_legal("end"):
        game.play("end")
    return page.judge(game)


def test_the_mirror_swaps_the_colours():
    g = Game.from_position("dendria-classic h4 T2d/4d/6/D2DD2/6/5/4 dark")
    m = Game.from_position(mirrored_position(g.position_string()))
    assert m.to_move == "light" and m.pieces["a1"] == "dark tree"
    assert all(m.pieces[c].replace("dark", "x").replace("light", "dark").replace("x", "light")
               == p for c, p in g.pieces.items())
    assert swap_colours("Dark leads; the light seed.") == "Light leads; the dark seed."


def test_every_classic_lesson_has_exercises_to_mirror():
    assert len(EXERCISES) >= 25
    assert {le.name for le, _, _ in (p.values for p in EXERCISES)} >= {
        le.name for le in LESSONS if int(le.number) >= 2 and int(le.number) <= 9}


@pytest.mark.parametrize("lesson, k, page", EXERCISES)
def test_a_verdict_names_the_learners_colour(lesson, k, page):
    """On the mirrored board the learner plays the other colour: the same
    answers get the same verdicts, Dark and Light exchanged."""
    mirror = dataclasses.replace(page, start=mirrored_position(page.start))
    for answer in (page.solution, *page.wrong):
        here, there = _verdict(page, answer), _verdict(mirror, answer)
        assert there.ok == here.ok, (answer, here.message, there.message)
        assert in_any_order(there.message) == in_any_order(swap_colours(here.message)), \
            answer


@pytest.mark.parametrize("lesson, k, page", EXERCISES)
def test_a_prompt_names_the_learners_colour(lesson, k, page):
    """An exercise's title and prompt (what it asks of the learner) name the
    learner and the opponent with fields: written again on the mirrored
    board, they are the same words with Dark and Light exchanged. (Its text
    and hint state facts of this board, with the colour each is about.)"""
    mirror = dataclasses.replace(page, start=mirrored_position(page.start))
    start, end = mirror.start_game(), mirror.start_game()
    mirror.perform(end, page.solution)
    for part in ("title", "prompt"):
        template = page.templates.get(part)
        if template:
            got = facts.render(template, {"0": start, "end": end}).text
            assert got == swap_colours(getattr(page, part)), part


def test_the_verdict_of_the_lead_follows_the_mover():
    """Lesson 09's exercises judge the lead of whoever played: a verdict that
    typed "Dark is ahead" would be false for Light, and one that judged Dark
    would refuse Light's right answer."""
    page = next(p for p in l09_scoring.LESSON.pages if p.title == "The right capture")
    mirror = dataclasses.replace(page, start=mirrored_position(page.start))
    game = mirror.start_game()
    mirror.perform(game, page.solution)
    verdict = mirror.judge(game)
    s = game.score()
    assert s["light"]["total"] > s["dark"]["total"] and verdict.ok
    assert "Light leads" in verdict.message and "Dark leads" not in verdict.message


def test_the_learner_is_who_played_the_last_turn():
    game = Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 light")
    assert checks.learner(game) == "light"           # nothing played: the mover
    game.play("plant d4", "end")
    assert checks.learner(game) == "light" and game.to_move == "dark"


def test_the_pie_verdicts_name_the_colours_the_game_reports():
    """Lesson 10 starts from the opening (no board to mirror): its verdicts
    name the opener by the opening seed's colour and the learner by the
    colour that played, as the engine reports them."""
    lesson = l10_pie.LESSON
    k = next(k for k, p in enumerate(lesson.pages) if p.title.endswith("cut a line"))
    page = lesson.page(k)
    game = lesson.start_game(k)
    page.perform(game, page.solution)
    verdict = page.judge(game)
    opener = game.pieces["a1"].split()[0]
    assert verdict.ok
    assert f"you kept {checks.learner(game).capitalize()}" in verdict.message
    assert f"{opener.capitalize()}'s opening seed" in verdict.message
    ways = [r["direction"] for r in explain.roots(game, "a1") if r["sees_edge"]]
    assert len(ways) == len(explain.roots(game, "a1")) - 1
    swapped = lesson.start_game(k)
    page.perform(swapped, ("swap",))
    said = page.check(swapped).message           # (judge() refuses a swap before)
    mover, swapper = swapped.turn_movers()[:2]
    assert f"{mover.capitalize()}'s opening seed is yours now" in said
    assert f"keep {swapper.capitalize()}" in said


def test_enclosed_groups_lists_every_neighbour_the_engine_finds():
    """Lesson 06, *Enclosed groups*: the seeds next to the forest that could
    leave are listed by the engine (b2 was once left out of a typed list)."""
    lesson = next(le for le in LESSONS if le.name.endswith("capture"))
    k = next(k for k, p in enumerate(lesson.pages) if p.title == "Enclosed groups")
    game = lesson.game(k)
    board = game.board
    near = [c for c in board.names(board.neighbours[board.cell("a1")])
            if game.pieces.get(c) == "light seed"]
    assert "b2" in near and len(near) == 3
    text = lesson.page(k).text
    listed = re.search(r"on ([a-z0-9, ]+ or [a-z0-9]+), could sprout", text)
    assert listed is not None
    assert sorted(re.findall(r"[a-z]\d+", listed.group(1))) == sorted(near)
    # the list is a field: with a cell left out, the sentence reads false
    short = text.replace(listed.group(1), "a2 or b1")
    assert lesson.false_statements(k, {"text": short})


def test_home_again_names_the_seedbed_the_turn_grew():
    """Lesson 08, *Home again*: the Right verdict names the seedbed the
    learner's turn grew (the cell of its grow step, now the learner's tree),
    not the first cell of the forest it joined."""
    lesson = next(le for le in LESSONS if le.name.endswith("ending"))
    k = next(k for k, p in enumerate(lesson.pages) if p.title == "Home again")
    page = lesson.page(k)
    game = lesson.start_game(k)
    page.perform(game, page.solution)
    grown = [str(s.arg) for s in game.history[-1] if s.verb == "grow"]
    forest = next(g["cells"] for g in explain.groups(game) if grown[0] in g["cells"])
    said = page.judge(game).message
    assert game.pieces[grown[0]] == f"{checks.learner(game)} tree"
    assert f"grew the seedbed on {grown[0]} " in said
    assert all(f"seedbed on {c} " not in said for c in forest if c != grown[0])
