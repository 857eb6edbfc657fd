"""A lesson's facts are fields the engine fills; a sentence that says
otherwise is caught because it is false.

Every fact a page states (a number, a count, cells, a colour, a player, a
score, "can" or "cannot") is a field of its template
(:mod:`dendria_widget.lessons.facts`). These tests alter the facts in the
sentences a learner reads, one at a time (a number by one, a cell to a
neighbour, Dark for Light, can for cannot), and check that the lesson's
reading of its sentences finds each altered one false: the check reads
what the sentence says in the field's place and asks the engine, on the
page's board, what is so (no stored copy of the text is compared).
"""

from __future__ import annotations

import re

import pytest

from dendria_widget.lessons import catalog, facts
from dendria_widget.lessons.framework import Lesson

LESSONS = catalog()

SWAPS = {"dark": "light", "light": "dark", "black": "white", "white": "black",
         "cannot": "can", "can": "cannot", "nobody": "dark", "yes": "no", "no": "yes",
         "is not": "is", "is": "is not"}
NUMBER_WORDS = facts.NUMBER_WORDS
ORDINAL_WORDS = facts.ORDINAL_WORDS


def _case(like: str, word: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def mutate(stated: str, lesson: Lesson, k: int) -> str | None:
    """``stated`` (the words in a field's place) with one fact altered: a
    number by one, a cell to a neighbour not already named, a colour or a
    player swapped, can for cannot; None when nothing in it is a fact this
    knows how to alter."""
    m = re.search(r"\d+(?:\.\d+)?", stated)
    cell = re.search(r"\b([a-z])(\d+)\b", stated)
    if cell:
        board = lesson.game(k).board
        if board.has_name(cell.group(0)):
            named = set(re.findall(r"\b[a-z]\d+\b", stated))
            for n in board.names(board.neighbours[board.cell(cell.group(0))]):
                if n not in named:
                    return stated[:cell.start()] + n + stated[cell.end():]
    if m:
        x = float(m.group(0))
        new = x + 1
        text = str(int(new)) if new.is_integer() and "." not in m.group(0) else str(new)
        return stated[:m.start()] + text + stated[m.end():]
    word = re.match(r"[A-Za-z]+", stated)
    for table in (NUMBER_WORDS, ORDINAL_WORDS):
        if word and word.group(0).lower() in table:
            n = table.index(word.group(0).lower())
            other = table[n + 1] if n + 1 < len(table) else table[n - 1]
            return _case(word.group(0), other) + stated[word.end():]
    for old in sorted(SWAPS, key=len, reverse=True):
        hit = re.search(rf"(?i)\b{old}\b", stated)
        if hit:
            return (stated[:hit.start()] + _case(hit.group(0), SWAPS[old])
                    + stated[hit.end():])
    return None


def _fields() -> list[tuple[Lesson, int, str, facts.Field]]:
    """Every fact field of every page, where it landed in the sentence."""
    out = []
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            for part, template in page.templates.items():
                rendered = facts.render(template, lesson.boards(k))
                assert rendered.text == lesson.text_of(k, part)
                out += [(lesson, k, part, f) for f in rendered.fields]
    return out


FIELDS = _fields()


def test_every_lessons_sentences_hold_their_facts_as_fields():
    """Every lesson states facts through fields, and every one holds."""
    without = [le.name for le in LESSONS
               if not any(le is lesson for lesson, *_ in FIELDS)]
    assert not without, f"lessons with no fact field: {without}"
    for lesson in LESSONS:
        for k in range(len(lesson)):
            assert lesson.false_statements(k) == [], (lesson.name, k)


def test_every_altered_fact_makes_its_sentence_false():
    """At least 30 facts, across every lesson, each altered in the sentence
    a learner reads: each time the lesson's check finds that field false."""
    altered, missed, per_lesson = 0, [], {}
    for lesson, k, part, f in FIELDS:
        text = lesson.text_of(k, part)
        stated = text[f.start:f.end]
        new = mutate(stated, lesson, k)
        if new is None:
            continue
        changed = text[:f.start] + new + text[f.end:]
        found = [s for p, s in lesson.false_statements(k, {part: changed})
                 if p == part and s.field == f.source]
        altered += 1
        per_lesson[lesson.name] = per_lesson.get(lesson.name, 0) + 1
        if not found:
            missed.append(f"{lesson.name} page {k} {part}: {{{f.source}}} {stated!r} -> {new!r}")
    assert not missed, "altered facts still read as true:\n" + "\n".join(missed)
    assert altered >= 30, altered
    assert set(per_lesson) == {le.name for le in LESSONS}, \
        f"lessons with no fact altered: {sorted({le.name for le in LESSONS} - set(per_lesson))}"
    print(f"{altered} facts altered in {len(per_lesson)} lessons; every one found false")


def test_the_check_reads_the_sentence_not_a_copy():
    """The reading asks the engine: a sentence whose field is right for
    another board is false on this one, and one changed in its prose
    cannot be read (its facts are not where the template puts them)."""
    from dendria_widget import Game

    t = "The tree on a1 has {fertile_count(a1)|word} fertile {soils}: {fertile_soils(a1)}."
    g = Game.from_position("dendria-classic h4 T2d/4d/6/D2DD2/6/5/4 dark")
    text = facts.render(t, g).text
    assert text == "The tree on a1 has three fertile soils: a2, b1 and b2."
    assert facts.false_statements(t, text, g) == []
    other = Game.from_position("dendria-classic h4 TS1d/4d/6/D2DD2/6/5/4 dark")
    wrong = facts.false_statements(t, text, other)
    assert {w.field for w in wrong} == {"fertile_count(a1)|word", "fertile_soils(a1)"}
    assert facts.false_statements(t, text.replace("a2, b1", "b1, a2"), g) == []
    with pytest.raises(Exception, match="not written from its template"):
        facts.false_statements(t, text.replace("fertile", "fresh"), g)


@pytest.mark.parametrize("stated,new", [("3", "4"), ("4.5", "5.5"), ("a2, b1 and b2", None),
                                         ("Dark", "Light"), ("cannot", "can"),
                                         ("three", "four"), ("fourth", "fifth"),
                                         ("Twenty", "Nineteen")])
def test_mutations_alter_one_fact(stated, new):
    lesson = next(le for le in LESSONS if le.name.startswith("06"))
    got = mutate(stated, lesson, 0)
    assert got != stated and got is not None
    if new is not None:
        assert got == new


# ---------------------------------------------------------------- drill targets
def _drill_targets():
    """Every drill exercise whose prompt names a target cell, with the field
    that names it."""
    out = []
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            if not getattr(page, "idea", ""):
                continue
            rendered = facts.render(page.templates["prompt"], lesson.boards(k))
            out += [(lesson, k, f) for f in rendered.fields if f.query == "target"]
    return out


DRILL_TARGETS = _drill_targets()


def test_a_drills_target_cell_is_a_field_and_every_other_cell_reads_false():
    """A drill's prompt names its target cell ("the seed on g1") through a
    field the engine answers: written as any other cell of the board, the
    sentence is found false, and for most cells because the cell is not even
    a target of the drill's kind on that board (no hungry seed there...)."""
    from dendria_widget.lessons.drills import KINDS

    assert len(DRILL_TARGETS) >= 40, len(DRILL_TARGETS)
    altered = not_targets = 0
    for lesson, k, f in DRILL_TARGETS:
        text = lesson.text_of(k, "prompt")
        game = lesson.start_game(k)
        kind, cell = f.args
        assert text[f.start:f.end] == cell
        targets = KINDS[str(kind)].targets(game)
        assert cell in targets
        for other in game.board.names(game.board.plots):
            if other == cell:
                continue
            changed = text[:f.start] + other + text[f.end:]
            found = [s for p, s in lesson.false_statements(k, {"prompt": changed})
                     if p == "prompt" and s.field == f.source]
            assert found, f"{lesson.name} page {k}: {cell} -> {other} still reads as true"
            altered += 1
            not_targets += other not in targets
    print(f"{altered} target cells altered in {len(DRILL_TARGETS)} drill prompts, every one "
          f"false; {not_targets} of them name no target of the drill's kind at all")
    assert not_targets > altered // 2


def test_a_drill_whose_data_names_a_wrong_target_is_refused():
    """The target in a drill's data is asked of the engine: a cell that holds
    no target of the kind (an empty cell for "the seed on ..."), is a clear
    DendriaError when the page is built, never a false sentence."""
    from dendria_widget.errors import DendriaError
    from dendria_widget.lessons.data.drill_positions import POSITIONS
    from dendria_widget.lessons.drills import KINDS, drill_exercise
    from dendria_widget.lessons.framework import Lesson as L
    from dendria_widget import Game

    position, cell, solution = POSITIONS["nourish"][0]
    game = Game.from_position(position)
    empty = next(c for c in game.board.names(game.board.plots) if c not in game.pieces)
    ex = drill_exercise(KINDS["nourish"], position, empty, solution, with_wrong=False)
    with pytest.raises(DendriaError, match=f"{empty} is not a target of the drill 'nourish'"):
        L(name="99_x", title="x", summary="x", pages=[ex]).page(0)
