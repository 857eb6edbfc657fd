"""The lessons speak their edition's words, each sentence written once.

The sprites lessons say plot, sow, sprite (RULES.md: the sprites edition's
words, from ``rules/variant.py``); the classic lessons say soil, plant,
dendrid. Nothing rewrites a classic sentence into sprites words: the
lessons' sentences take their words from the game's variant
(``lessons.framework.worded``), and a sprites lesson's own sentences are
written in sprites words. Checked here on what a learner reads: every
page's text, prompt and hint, every verdict over every whole turn of every
exercise, every solution as shown, every sentence ``lessons.sentences``
writes, and every sentence the notebooks print.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from dendria_widget import Game
from dendria_widget.lessons import Exercise, Lesson, catalog
from dendria_widget.lessons import sentences as say
from dendria_widget.lessons.claims import whole_turns
from dendria_widget.lessons.framework import edition_fields, worded

TUTORIALS = pathlib.Path(__file__).resolve().parent.parent / "tutorials"

#: Words only the classic edition uses (the sprites edition: plot, sow, sprite).
CLASSIC_ONLY = re.compile(r"(?i)\b(soils?|plant|plants|planted|planting|dendrids?)\b")
#: Words only the sprites edition uses.
SPRITES_ONLY = re.compile(r"(?i)\b(sow|sows|sown|sowing|sprites?|leafiness)\b")


def _edition(lesson: Lesson) -> str | None:
    """'dendria-sprites' or 'dendria-classic' when every page of the lesson
    plays that edition (None: Hedu, or a lesson of both)."""
    rulesets = {lesson.game(k).rules.ruleset for k in range(len(lesson))}
    return rulesets.pop() if len(rulesets) == 1 and "hedu" not in rulesets else None


LESSONS = catalog()
SPRITES = [le for le in LESSONS if _edition(le) == "dendria-sprites"]
CLASSIC = [le for le in LESSONS if _edition(le) == "dendria-classic"]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?:])\s+|\n+", text) if s.strip()]


def _off_words(text: str, edition: str) -> list[str]:
    """The sentences of ``text`` that use the other edition's words. A
    sentence that names the other edition ("In the classic edition, ...")
    may use its words: it compares the two."""
    other, name = ((CLASSIC_ONLY, "classic") if edition == "dendria-sprites"
                   else (SPRITES_ONLY, "sprites"))
    return [s for s in _sentences(text) if other.search(s) and name not in s.lower()]


def test_the_lessons_of_each_edition_are_found():
    names = {le.name for le in SPRITES}
    assert {"11_sprites_power", "12_sprites_converting", "13_sprites_sowing", "14_sprites_protection",
            "15_sprites_boards"} <= names
    assert {"01_board", "02_roots", "07_journeys", "10_pie"} <= {le.name for le in CLASSIC}


def test_the_finder_sees_the_other_editions_words():
    assert _off_words("Plant a seed on d4. It grows.", "dendria-sprites") == ["Plant a seed on d4."]
    assert _off_words("In the classic edition you plant.", "dendria-sprites") == []
    assert _off_words("A sprite moves.", "dendria-classic") == ["A sprite moves."]
    assert _off_words("Sow a seed on a plot.", "dendria-sprites") == []


def _pages(editions):
    return [(le, k) for le in editions for k in range(len(le))]


@pytest.mark.parametrize("lesson,k", _pages(SPRITES + CLASSIC),
                         ids=[f"{le.name}-{k}" for le, k in _pages(SPRITES + CLASSIC)])
def test_every_page_speaks_its_edition(lesson, k):
    """Title, text, prompt, hint and the solution as the hint shows it."""
    page = lesson.page(k)
    edition = _edition(lesson)
    parts = [page.title, page.text]
    if isinstance(page, Exercise):
        game = lesson.start_game(k)
        parts += [page.prompt, page.hint, " ".join(page.solution_words(game)) + "."]
    off = [s for part in parts for s in _off_words(part, edition)]
    assert not off, f"{lesson.name} page {k} ({page.title}): {off}"


SPRITES_EXERCISES = [(le, k) for le in SPRITES for k, p in enumerate(le.pages)
                     if isinstance(p, Exercise)]


@pytest.mark.parametrize("lesson,k", SPRITES_EXERCISES,
                         ids=[f"{le.name}-{k}" for le, k in SPRITES_EXERCISES])
def test_every_verdict_of_a_sprites_exercise_says_sow_sprite_plot(lesson, k):
    """Over every whole turn from the exercise's start, and on the
    solution and every listed wrong answer (unfinished turns included)."""
    ex = lesson.page(k)
    answers = whole_turns(lesson.start_game(k)) + [list(ex.solution)] + [list(w) for w in ex.wrong]
    off = []
    for answer in answers:
        game = ex.perform(lesson.start_game(k), answer)
        message = ex.judge(game).message
        if CLASSIC_ONLY.search(message):
            off.append((answer, message))
    assert not off, off[:3]
    assert len(answers) > 2


def _sentence_samples(game: Game) -> str:
    """Every function of ``lessons.sentences`` on ``game``, joined."""
    cells = list(game.pieces)
    dendrids = [c for c, p in game.pieces.items() if p.endswith("dendrid")]
    seeds = [c for c, p in game.pieces.items() if p.endswith("seed")]
    out = [say.seeds(game), say.sprouts(game), say.placements(game), say.fertilized(game),
           say.groups(game), say.conversions(game), say.scores(game),
           say.score(game, "dark"), say.step(game, "plant a1"), say.step(game, "pass")]
    out += [say.roots(game, c) for c in cells] + [say.seed(game, c) for c in seeds]
    out += [say.dendrid_sight(game, c) for c in dendrids] + [say.slides(game, c) for c in cells]
    return "\n".join(out)


#: A position with every kind of piece, a hungry and a nourished seed, a
#: seedbed, forests and dendrids of both colours.
POSITION = "h4 tS1D/SS3/6/D2d3/6/1s3/3T dark"


def test_the_sentences_are_written_once_in_the_editions_words():
    sprites = _sentence_samples(Game.from_position("dendria-sprites " + POSITION))
    classic = _sentence_samples(Game.from_position("dendria-classic " + POSITION))
    assert re.search(r"\bsprites?\b", sprites) and re.search(r"\bsow\b", sprites)
    assert re.search(r"\bdendrids?\b", classic) and re.search(r"\bplant\b", classic)
    assert not CLASSIC_ONLY.search(sprites), CLASSIC_ONLY.findall(sprites)
    assert not SPRITES_ONLY.search(classic), SPRITES_ONLY.findall(classic)


def test_worded_takes_the_words_from_the_variant():
    sprites = Game.from_position("dendria-sprites " + POSITION)
    classic = Game.from_position("dendria-classic " + POSITION)
    sentence = "{Plant} a seed on an empty {soil}; {dendrids} see {soils}, {a_plant} on {cell}."
    assert worded(sprites, sentence, cell="d4") == \
        "Sow a seed on an empty plot; sprites see plots, a sowing on d4."
    assert worded(classic, sentence, cell="d4") == \
        "Plant a seed on an empty soil; dendrids see soils, a plant on d4."
    v = sprites.variant
    assert edition_fields(sprites)["dendrid"] == v.kind_word("dendrid")
    assert edition_fields(sprites)["plant"] == v.verb_word("plant")


def _printed(notebook: pathlib.Path) -> str:
    """What a notebook's code cells print (streams, and text results)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append("".join(o["text"]))
            elif "text/markdown" in o.get("data", {}):
                out.append("".join(o["data"]["text/markdown"]))
            elif o.get("output_type") == "execute_result":
                out.append("".join(o.get("data", {}).get("text/plain", "")))
    return "\n".join(out)


@pytest.mark.parametrize("lesson", SPRITES + CLASSIC, ids=[le.name for le in SPRITES + CLASSIC])
def test_every_printed_sentence_speaks_the_edition(lesson):
    notebook = TUTORIALS / f"{lesson.name}.ipynb"
    printed = _printed(notebook)
    assert printed
    off = _off_words(printed, _edition(lesson))
    assert not off, f"{notebook.name} prints {off}"


def test_one_table_of_each_editions_words():
    """The edition's words are one table, ``Variant.words`` (rules/variant.py):
    the lessons' fields and the refusals' fields are that table, and the
    refusals say the edition's word for an empty cell (classic: soil)."""
    from dendria_widget.explain import refusals

    for ruleset, soil, plant, dendrid in (("dendria-classic", "soil", "plant", "dendrid"),
                                          ("dendria-sprites", "plot", "sow", "sprite"),
                                          ("hedu", "plot", "place", "stack")):
        g = Game(ruleset, size=4)
        table = g.variant.words()
        assert (table["soil"], table["plant"], table["dendrid"]) == (soil, plant, dendrid)
        assert edition_fields(g) == table
        assert table["Plant"] == plant.capitalize()
        if ruleset != "hedu":
            assert refusals._edition_words(g.variant) == table
    classic = Game("dendria-classic", size=4)
    from dendria_widget.rules.refusal import Refusal
    assert "plot" not in refusals.refusal_text(Refusal("opening-plant"), classic.variant)
    sprites = Game("dendria-sprites", size=4, opening="none")
    with pytest.raises(Exception, match="'sow' takes a cell name"):
        sprites.play("sow")


def test_every_editions_words_come_from_its_one_table(monkeypatch):
    """The ``{dendrid}``/``{soil}``/``{plant}`` words are kept once per
    edition (``rules/variant.py``: the edition's class and its
    ``Variant.words``); the refusals, the endings, the option texts, the
    phases and the lessons ask that table. Changing the sprites edition's
    words there changes what each of them says, and nothing still says the
    old words."""
    from dendria_widget.explain.refusals import ending_text, refusal_text
    from dendria_widget.rules.refusal import Refusal
    from dendria_widget.rules.variant import DendriaSprites, Verb

    verbs = dict(DendriaSprites.verbs)
    verbs["plant"] = Verb("plant", "strew", "strewing", "strewn")
    monkeypatch.setattr(DendriaSprites, "verbs", verbs)
    monkeypatch.setattr(DendriaSprites, "plot_word", "lot")
    monkeypatch.setattr(DendriaSprites, "kind_words",
                        {**DendriaSprites.kind_words, "dendrid": "pixie"})
    old = re.compile(r"(?i)\b(sow\w*|sprites?|plots?)\b")

    g = Game("dendria-sprites", size=4, opening="none")
    v = g.variant
    table = v.words()
    assert (table["soil"], table["soils"], table["dendrid"], table["Plant"],
            table["planting"]) == ("lot", "lots", "pixie", "Strew", "strewing")
    # the lessons ask it
    assert edition_fields(g) == table
    assert worded(g, "{Plant} a seed on an empty {soil}; move a {dendrid}.") == \
        "Strew a seed on an empty lot; move a pixie."
    # the refusals ask it
    said = [str(g.refusal("move d4")),
            refusal_text(Refusal("not-a-plot", given="z9"), v),
            refusal_text(Refusal("opening-plant"), v),
            refusal_text(Refusal("stop-not-empty", cell="d4", piece="dark dendrid"), v),
            refusal_text(Refusal("unfertilized", cell="d4", kind="seed", soils=("c3",)), v)]
    assert said[0] == "d4 holds no dark pixie to move (it is empty)"
    assert "any lot ('strew X')" in said[2] and "a dark pixie" in said[3]
    assert "fertile lot c3" in said[4]
    # the phases and the option texts ask it
    said += [v.phase_words(p) for p in ("opening", "turn", "plant")]
    said.append(v.option_doc("sprite_capture"))
    assert "strew" in v.phase_words("turn") and "pixie" in v.phase_words("turn")
    # the endings ask it
    h = Game("dendria-sprites", size=3, opening="none", dendrid_move_limit=1)
    while not h.is_over:
        h.play(h.legal_steps()[-1])
    said.append(ending_text(h.outcome, h.variant))
    stale = [s for s in said if old.search(s.replace("sprites edition", ""))]
    assert not stale, stale
