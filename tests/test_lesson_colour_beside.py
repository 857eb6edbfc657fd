"""A colour a lesson's sentence names beside a field is the field's colour.

A field that asks about one colour ("{forest_sizes(dark)}",
"{nourisher_count(d4, light)|word}") is often read with that colour's name
next to it, in the prose: "Here Dark has {forest_sizes(dark)|n|word}
forests", "{nourisher_count(c3, dark)} dark against
{nourisher_count(c3, light)} light". The field is the engine's; the name
is typed. This test reads every lesson sentence as it is written (the same
reading as tests/test_lesson_numbers.py) and checks that the colour named in
the same clause just before such a field, or in the few words right after
it, is the colour the field asks about: a sentence that says "Light has"
before a count of Dark's forests is false, and is caught here.
"""

from __future__ import annotations

import re

import pytest
from test_lesson_numbers import SOURCES, templates

from dendria_widget.lessons import facts

COLOURS = ("dark", "light", "black", "white")
COLOUR = re.compile(r"(?i)\b(" + "|".join(COLOURS) + r")\b")
#: where a clause ends: what is named across it is about something else
CLAUSE = re.compile(r"[.;:,()!?]|\band\b|\bbut\b|\bagainst\b")


def _colour_args(args: str) -> set[str]:
    return {a.strip().split()[0].lower() for a in args.split(",")
            if a.strip() and a.strip().split()[0].lower() in COLOURS}


def disagreements(text: str) -> list[str]:
    """Each field of ``text`` that asks about one colour, and a different
    colour named beside it: just before it in its clause, or in the three
    words right after it."""
    out = []
    fields = list(facts.FIELD.finditer(text))
    for k, f in enumerate(fields):
        asked = _colour_args(f.group("args"))
        if len(asked) != 1:
            continue
        start = fields[k - 1].end() if k else 0
        before = text[start:f.start()]
        clause = CLAUSE.split(before)[-1]
        named = COLOUR.findall(clause)
        after_end = fields[k + 1].start() if k + 1 < len(fields) else len(text)
        after = CLAUSE.split(text[f.end():after_end])[0]
        named_after = COLOUR.findall(" ".join(after.split()[:3]))
        said = (named[-1:] if named else []) + named_after[:1]
        for word in said:
            if word.lower() not in asked:
                out.append(f"{word!r} beside {f.group(0)}")
    return out


def test_the_reader_sees_a_colour_that_is_not_the_fields():
    assert disagreements("Here Dark has {forest_sizes(dark)|n|word} forests.") == []
    assert disagreements("Here Light has {forest_sizes(dark)|n|word} forests.") == \
        ["'Light' beside {forest_sizes(dark)|n|word}"]
    assert disagreements("{nourisher_count(c3, dark)} dark against "
                         "{nourisher_count(c3, light)} light") == []
    assert disagreements("{nourisher_count(c3, dark)} light against "
                         "{nourisher_count(c3, light)} light") == \
        ["'light' beside {nourisher_count(c3, dark)}"]
    # another clause names another colour: not about this field
    assert disagreements("Dark moves. {score(light)} for Light.") == []
    assert disagreements("White has {score(white)}, Black {score(black)}.") == []
    assert disagreements("White has {score(white)}, Black {score(white)}.") == \
        ["'Black' beside {score(white)}"]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_a_colour_named_beside_a_field_is_the_fields_colour(path):
    found = [f"line {line} ({where}): {d}"
             for line, where, text in templates(path) for d in disagreements(text)]
    assert not found, f"{path.name} names a colour that is not its field's:\n" + \
        "\n".join(found)


def test_the_lessons_name_colours_beside_their_fields_and_an_exchange_is_caught():
    """Not an empty check: in at least 30 places across the lessons a colour
    is named beside a field of that colour, and asking the field about the
    other colour instead makes the sentence disagree."""
    other = {"dark": "light", "light": "dark", "black": "white", "white": "black"}
    caught = 0
    for path in SOURCES:
        for _, _, text in templates(path):
            for f in facts.FIELD.finditer(text):
                asked = _colour_args(f.group("args"))
                if len(asked) != 1:
                    continue
                (colour,) = asked
                changed = re.sub(rf"\b{colour}\b", other[colour], f.group(0))
                if disagreements(text[:f.start()] + changed + text[f.end():]):
                    caught += 1
    assert caught >= 30, caught
