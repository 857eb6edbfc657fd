"""Every fact a lesson states is a claim the engine checks.

Pages declare their claims as data (``Page.claims``, :mod:`dendria_widget.lessons.claims`);
these tests ask the engine whether each holds, check that the page's text
names what the claim is about, and hold the lessons to the statements that
were found false (issue 18, "Wrong today"): each of those has its own test
here, which fails on the lessons as they were.
"""

import dataclasses
import re

import pytest

from dendria_widget import BadBoard, Board, Game
from dendria_widget.explain import dendria as explain
from dendria_widget.lessons import Exercise, catalog, load
from dendria_widget.lessons import claims as claim

LESSONS = catalog()
CLAIMED = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages) if p.claims]


def _page(lesson_name, title):
    lesson = load(lesson_name)
    k = next(k for k, p in enumerate(lesson.pages) if p.title == title)
    return lesson, k, lesson.page(k)


def _learner_text(page):
    """What a learner reads on a page: its title, text, prompt and hint."""
    parts = [page.title, page.text]
    if isinstance(page, Exercise):
        parts += [page.prompt, page.hint]
    return "\n".join(parts)


@pytest.mark.parametrize("lesson,k", CLAIMED, ids=[f"{le.name}-{k}" for le, k in CLAIMED])
def test_every_claim_holds_and_the_text_names_it(lesson, k):
    """Each claim holds, and the cells it is about are named. What the text
    *says* of them (a number, a list, a colour) is a field of the sentence,
    read back and asked of the engine (``Lesson.false_statements``; the
    mutation test alters each one): a claim no longer stands in for it by
    checking that a number is merely mentioned."""
    page = lesson.page(k)
    assert lesson.false_claims(k) == [], \
        f"{lesson.name} page {k} ({page.title}) states what the engine does not back"
    assert lesson.false_statements(k) == []
    text = _learner_text(page).lower()
    for c in page.claims:
        for word in c.mentions:
            if not re.fullmatch(r"[a-z]\d+", word):
                continue
            assert re.search(rf"\b{re.escape(word.lower())}\b", text), \
                f"{lesson.name} page {k}: the claim {c} is about {word!r}, which its text " \
                "does not name"


def test_a_claim_made_false_is_caught():
    """The claims test fails on a page whose claim is false: L04's old
    sentence, "fertilized by both (b2 and c3 here)", as a claim."""
    lesson, k, page = _page("04_fertilization", "Dark and Light")
    old = dataclasses.replace(page, claims=(claim.fertilized_by_both("b2", "c3"),))
    lesson = dataclasses.replace(lesson, pages=[*lesson.pages[:k], old, *lesson.pages[k + 1:]])
    wrong = lesson.false_claims(k)
    assert len(wrong) == 1 and wrong[0][1] == ("a4", "b2", "c3", "d1")


#: Claims of the pages that had none (cell names, the opening pages of 10
#: and 12, the sprites edition's missing move limit), each made false.
MADE_FALSE = [
    ("01_board", "Soil names", claim.middle("d5"), "d4"),
    ("01_board", "Soil names", claim.named(6, 2, "f3"), "f2"),
    ("01_board", "Soils on the edge", claim.roots("g4", 4), 3),
    ("10_pie", "Dark's opening seed", claim.verbs_after(("plant e5",), "end", "sprout",
                                                      at="start"), ("end",)),
    ("10_pie", "Who moves first?", claim.plots(37), 61),
    ("15_sprites_boards", "The komi pie", claim.legal("komi 62", at="start"), False),
    ("14_sprites_protection", "Twenty turns without sowing",
     claim.ends_under("dendrid_move_limit", 11, at="start"), False),
    ("17_hedu_score", "Enemies first, then yours", claim.prisoners("white", 1), 0),
]


@pytest.mark.parametrize("name,title,false,actual", MADE_FALSE,
                         ids=[f"{n}-{t}" for n, t, _f, _a in MADE_FALSE])
def test_the_new_claims_made_false_are_caught(name, title, false, actual):
    """Each kind of claim added for the pages that had none fails when what
    it states is not so (the page's own claims hold, above)."""
    lesson, k, page = _page(name, title)
    assert page.claims and lesson.false_claims(k) == []
    old = dataclasses.replace(page, claims=(*page.claims, false))
    lesson = dataclasses.replace(lesson, pages=[*lesson.pages[:k], old, *lesson.pages[k + 1:]])
    assert lesson.false_claims(k) == [(false, actual)]


def test_claims_ask_the_engine():
    g = Game.from_position("dendria-classic h4 D3/5/6/3d3/6/5/4 dark")
    assert claim.fertilized_by_both("a4", "b2", "c3", "d1").holds(g)
    assert not claim.fertilized_by_both("b2", "c3").holds(g)
    assert claim.not_fertilized("light", "d7", "g4").holds(g)
    assert not claim.not_fertilized("light", "b2").holds(g)
    assert claim.legal("pass").holds(g) and claim.legal("plant a2", False).holds(g) is False
    opening = Game("dendria-classic", board={"shape": "hexagon", "size": 4})
    assert claim.legal("pass", False).holds(opening)       # not in the pie opening
    with pytest.raises(Exception, match="asks one of"):
        claim.Claim("nope", (), None)


def test_whole_turns_are_every_turn_the_engine_allows():
    g = Game.from_position("dendria-classic h4 4/5/6/3d3/6/5/4 dark")
    turns = claim.whole_turns(g)
    assert g.position_string() == "dendria-classic h4 4/5/6/3d3/6/5/4 dark"
    assert ["pass"] in turns and ["plant a1", "end"] in turns
    assert ["move d4", "slide d7", "end"] in turns
    assert all(t[-1] in ("end", "pass") for t in turns)
    plants = [t for t in turns if t[0].startswith("plant")]
    assert len(plants) == len([c for c, why in explain.placements(g).items() if why is None])
    for t in turns[:20]:
        after = g.copy().play(*t)
        assert not after.turn_under_way and after.to_move == "light"


# ---------------------------------------------------------------- wrong today
def test_l04_names_every_soil_fertilized_by_both():
    """L04 "Both colours" said "b2 and c3": the engine says a4, b2, c3, d1."""
    lesson, k, page = _page("04_fertilization", "Dark and Light")
    both = [c for c in page.claims if c.query == "fertilized_by_both"]
    assert both and both[0].expect == ("a4", "b2", "c3", "d1")
    assert lesson.false_claims(k) == []
    for cell in ("a4", "b2", "c3", "d1"):
        assert cell in page.text


def test_l04_names_every_soil_a_piece_hides():
    """L04 "Pieces block the sight" left out a4, behind the tree on b4."""
    lesson, k, page = _page("04_fertilization", "Pieces block the sight")
    game = lesson.game(k)
    hidden = {"a4", "d7", "f2", "g1"}
    assert not hidden & set(explain.fertilization(game)["dark"])
    for cell in hidden:
        assert cell in page.text
    assert any(c.query == "fertilized_among" and set(c.args[1]) == hidden for c in page.claims)


def test_an_enclosed_forest_is_safe_only_while_it_has_no_fertile_soil():
    """L06 said Dark's enclosed tree on a1 was "safe for good": Light takes it
    by sprouting a2 and journeying away. The engine's sentence no longer says
    "never" either."""
    start = "dendria-classic h4 tS1D/SS3/6/D6/6/5/4 dark"
    g = Game.from_position(start)
    reason = explain.conversions(g, "light")["capture"][0]["reason"]
    assert "while it has none" in reason and "never" not in reason
    g.play("pass", "plant f5", "sprout a2", "end", "pass", "move a2", "slide b3",
           "capture a1", "end")
    assert g.pieces["a1"] == "light tree"
    lesson, k, page = _page("06_capture", "Enclosed groups")
    assert page.start == start
    assert "while" in page.text and not re.search(r"for good|never", page.text)
    assert lesson.false_claims(k) == [] and any(c.query == "stays" for c in page.claims)


def test_seal_the_forest_claims_only_what_holds():
    """L06 "Seal the forest" said the forest "can never be captured": after g3,
    Dark plants g4, sprouts g3, and a later move from g3 captures g1-g2."""
    lesson, k, page = _page("06_capture", "Seal the forest")
    game = page.perform(lesson.start_game(k), page.solution)
    game.play("end") if game.turn_under_way else None
    game.play("plant g4", "sprout g3", "end", "pass", "move g3", "slide f4", "capture g1",
              "end")
    assert game.pieces["g1"] == "dark tree"
    assert "never" not in _learner_text(page)
    verdict = page.judge(page.perform(lesson.start_game(k), page.solution))
    assert verdict.ok and "never" not in verdict.message and "while" in verdict.message
    assert lesson.false_claims(k) == []


def test_l08_does_not_say_light_leads_when_dark_does():
    """L08 "Keep the game going" said Light was ahead: Dark leads 4.5 to 3."""
    lesson, k, page = _page("08_ending", "Keep the game going")
    game = lesson.start_game(k)
    s = game.score()
    assert s["dark"]["total"] > s["light"]["total"]
    assert not re.search(r"Light is ahead|Light leads", _learner_text(page))


def test_a_pass_is_not_said_to_be_always_allowed():
    """L08 said "a pass is always allowed": not in the pie opening, nor in
    the middle of a turn."""
    opening = Game("dendria-classic", board={"shape": "hexagon", "size": 4})
    assert opening.why_illegal("pass")
    mid = Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark").play("plant d4")
    assert mid.why_illegal("pass")
    for lesson in LESSONS:
        for page in lesson.pages:
            assert not re.search(r"pass is always allowed", _learner_text(page))
    _, _, page = _page("08_ending", "Two passes in a row")
    assert any(c.query == "legal" and c.args == ("pass",) for c in page.claims)


def test_modular_boards_need_modules_connected_through_links():
    """L12 left out that every module must be linked to the others."""
    _, _, page = _page("15_sprites_boards", "Modular boards")
    assert "linked" in page.text and "through links" in page.text
    ring = [[-3, 2], [-2, -1], [-1, 3], [1, -3], [1, 4], [2, 1], [3, -2]]
    Board.modular(ring)
    with pytest.raises(BadBoard, match="connected"):
        Board.modular(ring[:-1] + [[30, 30]])


def test_the_edge_reading_of_lesson_01_is_the_classic_one():
    """L01 "Soils on the edge": no line out of the board is the classic
    reading; in the sprites edition a1 has all six lines."""
    lesson, k, page = _page("01_board", "Soils on the edge")
    assert "classic edition" in page.text and "sprites" in page.text
    assert lesson.false_claims(k) == []
    sprites = Game.from_position("dendria-sprites h4 s3/5/6/7/6/5/4 dark")
    assert len(explain.roots(sprites, "a1")) == 6


def test_feeding_then_sprouting_is_judged_not_crashed():
    """L02 "Feed the seed" and "Both with one seed" (once "Two with one") raised KeyError on a legal turn:
    plant, then sprout the seed just fed."""
    for title, answer in (("Feed the seed", ("plant f2", "sprout d4", "end")),
                          ("Nourish a1 and g1 together", ("plant g4", "sprout g1", "end"))):
        lesson, k, page = _page("02_roots", title)
        game = lesson.start_game(k)
        game.play(*answer)
        verdict = page.judge(game)
        assert verdict.ok, verdict.message


# ---------------------------------------------------------- never and always
#: Universal words a lesson uses only to restate a rule (the rule id backs
#: it, and the page teaches that rule), never about a position.
RULE_WORDS = {
    "a plot on the edge always sees the edge": "edge-touching",
    "modules never overlap": "modular",
}


def test_never_and_always_only_with_a_bounded_claim_or_as_a_rule():
    """"never", "always", "for good" about a position must be checked over
    the continuations (a ``stays`` claim), or not said."""
    found = []
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            text = _learner_text(page).lower()
            for phrase, rid in RULE_WORDS.items():
                if phrase in text:
                    assert rid in page.rules_covered, f"{lesson.name} {k}: {phrase!r}"
                    text = text.replace(phrase, "")
            for m in re.finditer(r"\b(never|always|for good)\b", text):
                if not any(c.query == "stays" for c in page.claims):
                    found.append(f"{lesson.name} page {k}: ...{text[max(0, m.start() - 50):m.end() + 30]}...")
    assert not found, "\n".join(found)


def test_sprites_sentences_speak_the_sprites_edition():
    """The sentences lessons print say plot, sprite and sow in the sprites
    edition (the classic words in the classic one)."""
    from dendria_widget.lessons import sentences as say

    pos = "4/5/2S3/1S1s1S1/3T2/5/4 dark"
    sprites = Game.from_position("dendria-sprites h4 " + "4/5/6/3d3/6/5/4 dark")
    text = say.slides(sprites, "d4") + say.placements(sprites) + say.fertilized(sprites)
    assert "sprite" in text and not re.search(r"\b(dendrids?|soils?|plant)\b", text)
    classic = Game.from_position("dendria-classic h4 " + pos)
    assert "soils" in say.roots(classic, "d4") or "soil" in say.roots(classic, "d4")
    assert "plant" in say.placements(classic)


def test_every_exercise_states_its_position_as_claims():
    """An exercise's text describes its position: it declares that as
    claims, so that a position edited later cannot make its text false."""
    bare = [f"{lesson.name} {page.title}" for lesson in LESSONS if int(lesson.number) < 18
            for page in lesson.pages if isinstance(page, Exercise) and not page.claims]
    assert not bare, bare
