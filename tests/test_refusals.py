"""Refusals and endings as data: the engine says why with a code and facts,
each edition words it (explain/refusals.py), and nobody reads the words back."""

import random
import re

import pytest

from dendria_widget import Game, IllegalStep
from dendria_widget.explain.refusals import DENDRIA, ENDINGS, HEDU
from dendria_widget.explain.sentences import number_word
from dendria_widget.lab import end_kind
from dendria_widget.rules.outcome import Outcome, Termination
from dendria_widget.rules.base import PASSES_TO_END
from dendria_widget.rules.refusal import Refusal

CLASSIC_ONLY = re.compile(r"\b(dendrids?|plant|planted|planting)\b")
SPRITES_ONLY = re.compile(r"\b(sprites?|sow|sown|sowing)\b")


def _check_refusal(g, text, r, ruleset):
    """One refused step: a Refusal with a code of its edition's table, facts
    that are data, words of its edition; play raises IllegalStep carrying it
    and leaves the game as it was."""
    table = HEDU if ruleset == "hedu" else DENDRIA
    assert isinstance(r, Refusal) and r.code in table
    words = str(r)
    assert words and "{" not in words and "None" not in words
    assert g.why_illegal(text) == words
    for key in ("cell", "at", "blocker", "start"):
        if r.facts.get(key) is not None:
            assert g.board.has_name(r.facts[key])
    if ruleset == "dendria-sprites":
        assert not CLASSIC_ONLY.search(words.replace("sprites edition", "")), words
    elif ruleset == "dendria-classic":
        assert not SPRITES_ONLY.search(words.replace("sprites edition", "")
                                       .replace("sowing on", "")), words
    before = g.to_record()
    with pytest.raises(IllegalStep) as got:
        g.play(text)
    assert got.value.refusal == r and str(got.value).endswith(words)
    assert g.to_record() == before


@pytest.mark.parametrize("ruleset, options", [
    ("dendria-classic", {}), ("dendria-classic", {"opening": "komi-pie", "power_rule": True,
                                                  "capture": "unprotected"}),
    ("dendria-sprites", {}), ("dendria-sprites", {"enclosed_groups": "never"}),
    ("hedu", {})])
def test_every_refusal_is_a_code_with_facts_worded_by_its_edition(ruleset, options):
    codes = set()
    for seed in range(8):
        rng = random.Random(seed)
        g = Game(ruleset, size=3 if ruleset != "hedu" else 4, **options)
        cells = g.board.names(g.board.plots)
        verbs = (["place"] if ruleset == "hedu"
                 else ["plant", "sprout", "grow", "capture", "move", "slide"])
        extra = ["pass", "swap"] + ([] if ruleset == "hedu" else ["end", "komi 1", "side dark"])
        for _ in range(rng.randrange(3, 60)):
            if g.is_over:
                break
            for text in [f"{v} {c}" for v in verbs for c in rng.sample(cells, 3)] + extra:
                r = g.refusal(text)
                if r is not None:
                    _check_refusal(g, text, r, ruleset)
                    codes.add(r.code)
            g.play(rng.choice(g.legal_steps()))
    assert len(codes) >= 4, codes   # the games reach many kinds of refusal


def test_a_sprites_and_a_hedu_refusal_read_in_their_own_words():
    pieces = {"d4": "dark dendrid", "d5": "light tree", "d3": "light seed"}
    for ruleset, words in (("dendria-classic", "the dendrid on d4"),
                           ("dendria-sprites", "the sprite on d4")):
        g = Game.from_position({"to_move": "dark", "pieces": pieces},
                               rules={"ruleset": ruleset, "board": {"shape": "hexagon",
                                                                    "size": 4}})
        g.play("move d4")
        r = g.refusal("slide d6")
        assert r.code == "way-blocked" and r.blocker == "d5" and r.piece == "light tree"
        assert str(r) == (f"the way to d6 is blocked by the light tree on d5: a "
                          f"{words.split()[1]} never passes trees or enemy "
                          f"{words.split()[1]}s")
    h = Game.from_position("hedu h4 4/5/6/3b13/6/5/4 white")
    r = h.refusal("place d4")
    assert (r.code, r.cell, r.piece) == ("occupied", "d4", "black 1")
    assert str(r) == "d4 is not empty: a black 1 stack stands there"


def test_the_end_is_data_and_everyone_reads_it():
    for ruleset, seed in (("dendria-classic", 1), ("dendria-sprites", 2), ("hedu", 3)):
        rng = random.Random(seed)
        g = Game(ruleset, size=3, **({"dendrid_move_limit": 2} if ruleset != "hedu" else {}))
        assert g.outcome is None and g.end_reason is None
        while not g.is_over:
            g.play(rng.choice(g.legal_steps()))
        o = g.outcome
        assert isinstance(o, Outcome) and isinstance(o.termination, Termination)
        assert o.winner == g.winner == g.leader
        assert o.scores == {c: v["total"] for c, v in g.score().items()}
        assert end_kind(g, cut=False) == o.termination.value
        assert g.end_reason == ENDINGS[o.termination.value].format(
            dendrid=g.variant.kind_word("dendrid") if ruleset != "hedu" else "",
            a_plant="a plant" if ruleset == "dendria-classic" else "a sowing",
            passes_to_end=number_word(PASSES_TO_END), **o.facts)
        g.undo()
        assert g.outcome is None and g.end_reason is None


def test_the_unfertilized_soils_are_counted_in_the_words():
    """'its fertile soil c3 is not …' for one, '… soils b2, c3 are not …' for
    two: the refusal's facts give the number, the words follow it."""
    from dendria_widget.explain.refusals import refusal_text

    for ruleset, one, many in (("dendria-classic", "soil", "soils"),
                               ("dendria-sprites", "plot", "plots")):
        v = Game(ruleset, size=4).variant
        for soils, words in ((("c3",), f"its fertile {one} c3 is not fertilized"),
                             (("b2", "c3"), f"its fertile {many} b2, c3 are not fertilized")):
            r = Refusal("unfertilized", cell="d4", kind="seed", soils=soils)
            assert words in refusal_text(r, v)
    # and the engine gives such a refusal for a real seedbed
    found = set()
    for seed in range(40):
        rng = random.Random(seed)
        g = Game("dendria-classic", size=4)
        for _ in range(40):
            if g.is_over:
                break
            for cell in sorted(g.pieces):
                r = g.refusal(f"grow {cell}")
                if r is not None and r.code == "unfertilized":
                    found.add(len(r.soils))
                    assert (" is not " if len(r.soils) == 1 else " are not ") in str(r)
            g.play(rng.choice(g.legal_steps()))
    assert 1 in found and max(found) > 1, found


#: The colours as words; a refusal takes them from the edition (``{first}``).
COLOUR_WORD = re.compile(r"(?i)\b(dark|light|black|white)\b")


def _all_templates():
    from dendria_widget.explain.refusals import _ACTIONS
    return [(f"{name}:{code}", text) for name, table in
            (("DENDRIA", DENDRIA), ("HEDU", HEDU), ("ENDINGS", ENDINGS),
             ("ACTIONS", _ACTIONS)) for code, text in table.items()]


@pytest.mark.parametrize("where, text", _all_templates(), ids=[w for w, _ in _all_templates()])
def test_a_refusal_types_no_colour_and_names_the_rule_as_taught(where, text):
    """A colour is a field (the edition's, in the order they move); a rule is
    called by the name the lessons teach, "the repetition rule", never its
    nickname."""
    # what the reader may type (in quotes, '{plant} X') is notation, not a fact
    words = re.sub(r"'[^']*'", " ", text)
    assert not COLOUR_WORD.search(words), f"{where} types a colour: {text!r}"
    assert "superko" not in text.lower(), f"{where} says superko: {text!r}"


def test_the_numbers_and_colours_of_a_refusal_come_from_the_rules():
    from dendria_widget.rules.dendria import KOMI_MIN

    g = Game("dendria-classic", size=3, opening="komi-pie", komi_max=4)
    assert str(g.refusal("plant a1")) == (
        f"the komi comes before any piece: the player to move sets it (komi {KOMI_MIN} to "
        f"komi 4)")
    assert str(g.refusal("komi 9")) == f"the komi must be a whole number from {KOMI_MIN} to 4"
    assert g.refusal(f"komi {KOMI_MIN}") is None
    g.play("komi 2")
    assert str(g.refusal("plant a1")) == ("now the player who did not set the komi chooses a "
                                          "side: 'side dark' or 'side light'")
    c = Game("dendria-classic", size=3)
    assert str(c.refusal("swap")) == ("a swap is allowed only as Light's answer to Dark's "
                                      "opening seed")
    assert str(c.refusal("move a1")) == ("the opening turn is a dark seed on any soil "
                                         "('plant X'), then 'end'")
    c.play("plant a1")
    assert str(c.refusal("sprout a1")) == ("the opening turn holds nothing after its seed: "
                                           "end it with 'end'")
    h = Game("hedu", size=3)
    assert str(h.refusal("swap")) == ("a swap is allowed only as White's answer to Black's "
                                      "opening placement (the pie rule)")
    assert str(h.refusal("pass")) == "Black's opening turn is a placement: it cannot be passed"
