"""The verdicts of lessons 11-18 state what the game says: the mover, the
other side, their counts (issue 25, "the engine writes the facts").

Two ways to catch a typed fact in a check's message:

- **mirrored**: each exercise is played again on its position with the
  colours exchanged (Dark's pieces become Light's, Black's White's, and the
  other side moves); every answer (the solution and the wrong ones) must be
  judged the same, in the same words with the colours exchanged. A message
  that types "Dark leads" or "the white stack" reads wrong on the mirrored
  board, and this test fails.
- **read back**: the numbers and colours a message states (prisoners taken,
  sprites left, fertile plots missed, regions touched, who leads) are read
  out of it and asked of the engine on the board the learner reached; a
  message altered by one fact (a number, a colour) is caught.
"""

from __future__ import annotations

import re

import pytest

from dendria_widget import Game
from dendria_widget.explain import dendria as explain
from dendria_widget.explain import hedu as hedu_explain
from dendria_widget.lessons import Exercise, catalog
from dendria_widget.lessons.claims import whole_turns
from dendria_widget.lessons.facts import NUMBER_WORDS, last_turn

LESSONS = [le for le in catalog() if 11 <= int(le.name[:2]) <= 18]
#: The exercises of lessons 11-18 written in their lesson's file (the drills
#: share their checks with lessons 01-10 and are held by their own tests),
#: but for one whose answers put pieces of a colour with the Editor.
EXERCISES = [(le, k) for le in LESSONS for k, p in enumerate(le.pages)
             if isinstance(p, Exercise) and " level " not in p.title
             and not any(step.startswith("put ") for answer in (p.solution, *p.wrong)
                         for step in answer)]

SWAP = {"dark": "light", "light": "dark", "black": "white", "white": "black"}


def _swap_words(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        w = m.group(0)
        new = SWAP[w.lower()]
        return new.capitalize() if w[0].isupper() else new
    return re.sub(r"(?i)\b(dark|light|black|white)\b", one, text)


def mirrored(position: str) -> str:
    """A position string with the colours exchanged: the pieces' letters
    (Dendria: a lower case letter is Dark's, upper case Light's; Hedu: b and
    w) and the side to move."""
    parts = position.split(" ")
    ruleset = parts[0]
    board = 2
    if ruleset == "hedu":
        parts[board] = parts[board].translate(str.maketrans("bw", "wb"))
    else:
        parts[board] = parts[board].swapcase()
    parts[3] = SWAP[parts[3]]
    return " ".join(parts)


def _mirrored_game(page: Exercise) -> Game:
    game = Game.from_position(mirrored(page.start))
    game.play(*page.setup)
    return game


def _answered(page: Exercise, game: Game, answer: tuple[str, ...]) -> Game:
    page.perform(game, answer)
    if game.turn_under_way and game.is_legal("end"):
        game.play("end")
    return game


def _sentences(message: str) -> list[str]:
    """A message's sentences, in any order (a score line lists Dark first
    on both boards; so does a count of nourishers, "(1 dark, 5 light)")."""
    def pair(m: re.Match[str]) -> str:
        return "(" + ", ".join(sorted((m.group(1), m.group(2)))) + ")"
    message = re.sub(r"\((\d+ (?:dark|light)), (\d+ (?:dark|light))\)", pair, message)
    return sorted(s.strip() for s in re.split(r"(?<=[.:?])\s+", message) if s.strip())


def test_mirrored_positions_are_the_positions_with_colours_exchanged():
    start = "dendria-sprites h4 4/1tt2/1SSdS1/2Ss3/6/5/1D2 dark"
    assert mirrored(start) == "dendria-sprites h4 4/1TT2/1ssDs1/2sS3/6/5/1d2 light"
    g, m = Game.from_position(start), Game.from_position(mirrored(start))
    assert {c: _swap_words(p) for c, p in g.pieces.items()} == m.pieces
    hedu = "hedu h4 4/1w13/1w14/w2w2b2b2b2w2w2/6/2b12/4 black"
    assert Game.from_position(mirrored(hedu)).pieces["d3"] == "white 2"


@pytest.mark.parametrize("lesson,k", EXERCISES,
                         ids=[f"{le.name}-{le.page(k).title}" for le, k in EXERCISES])
def test_a_verdict_on_the_mirrored_board_says_the_same_with_the_colours_exchanged(lesson, k):
    page = lesson.page(k)
    assert isinstance(page.start, str), page.title
    for answer in (tuple(page.solution), *page.wrong):
        here = page.judge(_answered(page, lesson.start_game(k), answer))
        there = page.judge(_answered(page, _mirrored_game(page), answer))
        assert here.ok == there.ok, (page.title, answer, here.message, there.message)
        assert _sentences(there.message) == _sentences(_swap_words(here.message)), \
            (page.title, answer, here.message, there.message)


def test_the_mirror_catches_a_typed_colour():
    """A message that types the mover ("Dark leads") is not the mirrored
    message with the colours exchanged: the comparison above fails on it."""
    lesson = next(le for le in LESSONS if le.name == "14_sprites_protection")
    k = next(k for k, p in enumerate(lesson.pages) if p.title == "Take the lead")
    page = lesson.page(k)
    there = page.judge(_answered(page, _mirrored_game(page), tuple(page.solution)))
    assert there.ok and there.message.startswith("Light leads now.")
    typed = there.message.replace("Light leads", "Dark leads")
    here = page.judge(_answered(page, lesson.start_game(k), tuple(page.solution)))
    assert _sentences(typed) != _sentences(_swap_words(here.message))


# ------------------------------------------------------------------ read back
def _number(word: str) -> int:
    return NUMBER_WORDS.index(word) if word in NUMBER_WORDS else int(word)


_NUM = "(" + "|".join(NUMBER_WORDS) + r"|\d+)"


def _colour(word: str) -> str:
    return word.lower()


def _prisoners(game: Game, colour: str) -> int:
    return int(game.position().get("prisoners", {}).get(colour, 0))


def false_facts(game: Game, message: str) -> list[str]:
    """The facts ``message`` states about ``game`` (the board after the
    learner's turn) that the engine does not back, each as the words that
    state it. Reads: who leads, prisoners taken, sprites left, fertile plots
    missed, regions a new stack touched and the pieces it got."""
    out = []
    mover, before = last_turn(game)
    score = game.score()

    def total(colour: str) -> float:
        return float(score[colour]["total"])
    for m in re.finditer(r"\b(Dark|Light|Black|White) (still )?leads\b", message):
        c = _colour(m.group(1))
        if not total(c) > max(total(o) for o in score if o != c):
            out.append(m.group(0))
    for m in re.finditer(r"\b(Dark|Light|Black|White) does not lead\b", message):
        c = _colour(m.group(1))
        if total(c) > max(total(o) for o in score if o != c):
            out.append(m.group(0))
    for m in re.finditer(r"\b(Dark|Light|Black|White)\b[^.]*? leads, (\d+(?:\.\d+)?) to "
                         r"(\d+(?:\.\d+)?)", message):
        c = _colour(m.group(1))
        other = next(o for o in score if o != c)
        if (float(m.group(2)), float(m.group(3))) != (total(c), total(other)):
            out.append(m.group(0))
    for m in re.finditer(rf"\b(Black|White) took {_NUM} prisoners?", message):
        c = _colour(m.group(1))
        if _prisoners(game, c) - _prisoners(before, c) != _number(m.group(2)):
            out.append(m.group(0))
    for m in re.finditer(r"\b(Black|White) none\b", message):
        c = _colour(m.group(1))
        if _prisoners(game, c) != _prisoners(before, c):
            out.append(m.group(0))
    for m in re.finditer(rf"\b(Dark|Light) (?:still )?has (?:its )?{_NUM} sprites?", message):
        c = _colour(m.group(1))
        if sum(1 for p in game.pieces.values() if p == f"{c} dendrid") != _number(m.group(2)):
            out.append(m.group(0))
    for m in re.finditer(rf"\b(Dark|Light)'s forest is still not protected: \w+ does not "
                         rf"fertilize {_NUM} fertile plots? of its {_NUM}", message):
        c = _colour(m.group(1))
        forest = next(g for g in explain.groups(game) if g["kind"] == "forest"
                      and g["colour"] == c and "a1" in g["cells"])
        fertile = forest["fertile_soils"]
        missed = sum(1 for who in fertile.values() if c not in who)
        if (missed, len(fertile)) != (_number(m.group(2)), _number(m.group(3))) \
                or forest["protected"]:
            out.append(m.group(0))
    for m in re.finditer(rf"on ([a-z]\d+),? (?:your stack )?touched {_NUM} regions?[^.]*?so "
                         rf"it got {_NUM} pieces?", message):
        heights = hedu_explain.placement_heights(before)
        if not heights[m.group(1)] == _number(m.group(2)) == _number(m.group(3)) \
                or int(str(game.pieces[m.group(1)]).split()[-1]) < _number(m.group(3)):
            out.append(m.group(0))
    for m in re.finditer(rf"{_NUM} turns without (?:a )?sowing", message):
        if before.turns_without_plant != _number(m.group(1)):
            out.append(m.group(0))
    for m in re.finditer(rf"seed on ([a-z]\d+) touches {_NUM} pieces? of yours", message):
        board = game.board
        mine = sum(1 for n in board.names(board.neighbours[board.cell(m.group(1))])
                   if str(game.pieces.get(n, "")).startswith(mover))
        if mine != _number(m.group(2)):
            out.append(m.group(0))
    return out


#: How many facts the reader finds, at least, in each exercise's verdicts
#: (so a message reworded out of the reader's reach is noticed).
READ = {"Save your forest", "Protect by sowing", "Twenty turns without sowing",
        "Take the lead", "Hunt a sprite", "Sow between", "Two regions",
        "A stack of three", "Take a prisoner"}


def _turns(lesson, k):
    page = lesson.page(k)
    for turn in whole_turns(lesson.start_game(k)):
        game = lesson.start_game(k)
        game.play(*turn)
        yield game, page.judge(game).message


@pytest.mark.parametrize("lesson,k", [(le, k) for le, k in EXERCISES
                                      if le.page(k).title in READ],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_every_fact_a_verdict_states_is_the_engines(lesson, k):
    read = 0
    for game, message in _turns(lesson, k):
        assert false_facts(game, message) == [], message
        stated = false_facts(game, _altered(message))
        if _altered(message) != message:
            read += 1
            assert stated, f"an altered fact went unnoticed: {_altered(message)!r}"
    assert read, f"{lesson.page(k).title}: no verdict states a fact the reader knows"


#: Where a fact the reader knows stands in a message (its first group: the
#: words to alter).
FACT_PLACES = (rf"(?:took|still has its|has) {_NUM} (?:prisoners?|sprites?)",
               rf"does not fertilize {_NUM} fertile",
               rf"touched {_NUM} regions?",
               rf"touches {_NUM} pieces? of yours",
               rf"{_NUM} turns without (?:a )?sowing",
               r"\b(Dark|Light|Black|White)(?: still)? (?:leads|does not lead)\b")


def _altered(message: str) -> str:
    """``message`` with its first fact the reader knows altered: a number
    word by one, the side that leads (or does not) for the other side."""
    found = [m for m in (re.search(p, message) for p in FACT_PLACES) if m]
    if not found:
        return message
    m = min(found, key=lambda m: m.start(1))
    word = m.group(1)
    if word.lower() in SWAP:
        new = _swap_words(word)
    else:
        n = _number(word)
        new = NUMBER_WORDS[n - 1 if n + 1 == len(NUMBER_WORDS) else n + 1] \
            if word in NUMBER_WORDS else str(n + 1)
    return message[:m.start(1)] + new + message[m.end(1):]
