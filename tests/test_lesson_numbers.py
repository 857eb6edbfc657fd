"""No typed number in a lesson's sentences: every number is a field.

A number a lesson states (a count, a size, a score, a height, how many
lines or modules, which turn: "the fourth") is a fact of the game, so it is
a field the engine fills (:mod:`dendria_widget.lessons.facts`: an engine
query, an option's value, or a constant of ``dendria_widget/rules/`` and
``dendria_widget/geometry.py``, where the number lives once), rendered as
digits, a word or an ordinal. This test reads the lessons' sentences as
they are written (the source of ``dendria_widget/lessons/data/``, the
drills' kinds and the ready-made checks): titles, summaries, page texts,
prompts, hints, the labels of the teacher's marks, and every verdict's
words, and finds no digit, no number word and no ordinal outside a field.
What code makes is not a template ("level 2 of 3" counts a drill's levels,
a verdict's ``{len(mine)}`` is computed), nor is code the reader may type
(`` `board.present()` ``); the allowlist below (empty today) would name a
number that is not a fact about the game.

"One", "first", "zero" and their kin are numbers too when they state a
count or an order the engine knows ("plant one seed", "Dark's first seed",
"starts again from zero", "counts once", "both seedbeds", "the last open
root"): they are caught like "two" and "second". They are *not* numbers,
and are spared, only where English uses them for something else, each a
pattern below (:func:`counting_words`): "one" as a pronoun ("one of your
{dendrids}", "the one on d6", "any one", "a small one."); "at once"
(at the same time) and "once" opening a clause ("once it stands there":
as soon as); "first" as an adverb closing a clause ("press End turn
first.", "enemies first"). Every other use is a field or was rephrased.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dendria_widget.lessons import facts

PACKAGE = Path(__file__).resolve().parent.parent / "dendria_widget" / "lessons"
SOURCES = sorted((PACKAGE / "data").glob("l[0-9][0-9]_*.py")) + [
    PACKAGE / "drills.py", PACKAGE / "checks.py"]

#: The keyword arguments that are sentences a learner reads.
SENTENCE_KEYWORDS = ("title", "text", "prompt", "hint", "summary")
#: The calls whose string arguments are a verdict's (or a check's) words.
SENTENCE_CALLS = ("Verdict", "worded")

CARDINALS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
             "hundred", "thousand")
ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth", "twentieth")
NUMBER = re.compile(r"(?i)\d|\b(?:" + "|".join(CARDINALS + ORDINALS) + r")\b")
#: Words that state a count or an order as often as not: each occurrence is
#: a number unless it matches one of the spared uses below.
COUNTING = re.compile(r"(?i)\b(?:one|once|twice|zero|single|both|first|last)\b")
#: The uses of those words that state no count or order, each with why.
SPARED = (
    # "one" as a pronoun: "one of your dendrids", "one another", "one that
    # adds a new size", "the one on d6", "every one of them", "not one seen
    # before", "a small one." (a count is followed by what it counts)
    re.compile(r"(?i)\bone(?=\s+(?:of|another|that)\b)"),
    re.compile(r"(?i)\b(?:the|every|each|any|no|not|without|which|this|that)\s+(?:\*\*)?"
               r"one\b"),
    re.compile(r"(?i)(?<=[a-z] )one(?=\s*(?:[.,;:?!()]|$))"),
    # "at once": at the same time; "once" opening a clause: as soon as
    re.compile(r"(?i)\bat once\b"),
    re.compile(r"(?i)\bonce(?=\s+(?:it|its|a|an|the|your|their|they|you)\b)"),
    # "first" as an adverb closing a clause: "press End turn first."
    re.compile(r"(?i)\bfirst(?=\s*(?:[.,;:?!()]|$))"),
)
#: A cell's name (a row letter and a place: 'a1', 'f12') is a name, not a number.
CELL = re.compile(r"\b[a-z]\d{1,2}\b")

#: Numbers that are not facts about the game, each with why.
ALLOWED: dict[str, str] = {
}


def _strings(node: ast.AST) -> list[str]:
    """The typed text of a string expression: a literal, the literal parts of
    an f-string (what code computes is not typed), both sides of a +, and
    the branches of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["{}".join(v.value if isinstance(v, ast.Constant) else "" for v in node.values)]
    if isinstance(node, ast.BinOp):
        return _strings(node.left) + _strings(node.right)
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def templates(path: Path) -> list[tuple[int, str, str]]:
    """Every sentence written in ``path``: (line, where, text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else \
            node.func.attr if isinstance(node.func, ast.Attribute) else ""
        for kw in node.keywords:
            if kw.arg in SENTENCE_KEYWORDS:
                out += [(kw.value.lineno, kw.arg, s) for s in _strings(kw.value)]
            elif kw.arg == "marks" and isinstance(kw.value, ast.Dict):
                out += [(kw.value.lineno, "mark", s) for v in kw.value.values
                        for s in _strings(v)]
        if name == "kind":   # a drill's kind: title, text, goal, hint (drills.py)
            out += [(node.lineno, "kind", s) for a in node.args[2:6] for s in _strings(a)]
        if name in SENTENCE_CALLS:
            args = node.args[1:] if name == "worded" else node.args[1:2]
            out += [(node.lineno, name, s) for a in args for s in _strings(a)]
    return out


def typed_numbers(text: str) -> list[str]:
    """The numbers ``text`` types outside its fields and cell names."""
    text = facts.FIELD.sub(" ", text)
    text = facts.WORD_FIELD.sub(" ", text)
    text = re.sub(r"\{[^{}]*\}", " ", text)       # a field code fills (f-string, format)
    text = CELL.sub(" ", text)
    text = re.sub(r"`[^`]*`", " ", text)          # code the reader may type, not a fact
    for phrase in ALLOWED:
        text = re.sub(re.escape(phrase), " ", text, flags=re.I)
    return [m.group(0) for m in NUMBER.finditer(text)] + counting_words(text)


def counting_words(text: str) -> list[str]:
    """The words of :data:`COUNTING` in ``text`` that state a count or an
    order (every use but the :data:`SPARED` ones)."""
    spared = set()
    for pattern in SPARED:
        for m in pattern.finditer(text):
            word = re.search(r"(?i)\b(?:one|once|first)\b", m.group(0))
            spared.add(m.start() + (word.start() if word else 0))
    return [m.group(0) for m in COUNTING.finditer(text) if m.start() not in spared]


def test_the_finder_sees_typed_numbers_and_spares_fields():
    assert typed_numbers("a forest of 3 trees") == ["3"]
    assert typed_numbers("not the fourth, Twenty turns") == ["fourth", "Twenty"]
    assert typed_numbers("{power(d4)|word} lines from d4, {n} soils, {fertile_count(a1)}") \
        == []
    assert typed_numbers("modules of {module_cells()|word} cells, {constant(x)|ordinal}") == []
    assert typed_numbers("the second player chooses") == ["second"]
    assert typed_numbers("`LessonWidget(lesson, width=900)` and `plant f2`") == []


def test_the_sentences_are_found_where_they_are_written(tmp_path):
    src = tmp_path / "l99_x.py"
    src.write_text('Page(title="Two at once", text="a forest of " "3", marks={"a1": "4"})\n'
                   'Verdict(True, f"Right: {cell} has six lines")\n'
                   'worded(game, "{n} of its " + "fifth", n=1)\n', encoding="utf-8")
    found = [(where, typed_numbers(text)) for _, where, text in templates(src)]
    assert ("title", ["Two"]) in found and ("text", ["3"]) in found
    assert ("mark", ["4"]) in found and ("Verdict", ["six"]) in found
    assert ("worded", ["fifth"]) in found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_typed_number_in_a_lessons_sentences(path):
    found = [f"line {line} ({where}): {nums} in {text!r}"
             for line, where, text in templates(path)
             if (nums := typed_numbers(text))]
    assert not found, f"{path.name} types numbers outside fields:\n" + "\n".join(found)


def test_one_first_and_zero_are_numbers_where_they_count():
    # a count or an order the engine knows
    assert typed_numbers("Plant one seed and grow it") == ["one"]
    assert typed_numbers("Dark's first seed, the last open root") == ["first", "last"]
    assert typed_numbers("the count starts again from zero") == ["zero"]
    assert typed_numbers("a size counts once; No board twice") == ["once", "twice"]
    assert typed_numbers("grow both seedbeds; a single piece") == ["both", "single"]
    assert typed_numbers("before the first slide") == ["first"]
    # English that states no count
    assert typed_numbers("move one of your dendrids; the one on d6 and a small one.") == []
    assert typed_numbers("every one of them, any one, which one?") == []
    assert typed_numbers("sees the edge at once; once it stands there") == []
    assert typed_numbers("press End turn first. Enemies first") == []


def test_a_drills_kind_is_read_too(tmp_path):
    src = tmp_path / "drills.py"
    src.write_text('kind("idea", "plant", "Title one", "its six lines", "Play one turn", '
                   '"hint", targets, check)\n', encoding="utf-8")
    found = [typed_numbers(text) for _, where, text in templates(src) if where == "kind"]
    assert found == [[], ["six"], ["one"], []]


def test_no_typed_number_in_a_refusal():
    """The refusals' words (explain/refusals.py) follow the lessons' rule: a
    number in them is a fact of the refusal or a rule constant ("komi
    {komi_min} to komi {komi_max}"), never typed ("one dark seed", "height
    0")."""
    from dendria_widget.explain.refusals import _ACTIONS, DENDRIA, ENDINGS, HEDU

    found = [f"{code}: {nums} in {text!r}"
             for table in (DENDRIA, HEDU, ENDINGS, _ACTIONS) for code, text in table.items()
             if (nums := typed_numbers(text))]
    assert not found, "refusals type numbers outside fields:\n" + "\n".join(found)
    # the finder would see one
    assert typed_numbers("the opening turn is one dark seed on any {soil}") == ["one"]
    assert typed_numbers("its height would be 0") == ["0"]
