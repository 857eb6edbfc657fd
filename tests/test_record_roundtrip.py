"""A record the game writes is a record the game reads: over thousands of
seeded random games in the three rulesets, with comments, marks, arrows,
undos, redos, edits and turns taken back then replaced, ``to_json`` then
``from_record`` gives back the same game (and a game that plays on alike)."""

import random

import pytest

from dendria_widget import DendriaError, Game

RULESETS = [("dendria-classic", {}), ("dendria-sprites", {}), ("hedu", {}),
            ("dendria-classic", {"opening": "komi-pie"}),
            ("dendria-classic", {"opening": "none", "dendrid_move_limit": 2})]
CASES = 600   # per ruleset above: 3000 games in all, a few seconds


def _annotate(g, rng, cells):
    marks = {c: rng.choice("ABx?!") for c in rng.sample(cells, rng.randrange(3))}
    arrows = [rng.sample(cells, 2) for _ in range(rng.randrange(3))]
    g.set_annotations({"marks": marks, "arrows": arrows})


def random_session(ruleset, options, seed):
    """What a person does to a game in a notebook, at random: plays, takes
    back, plays again, replaces taken-back turns, comments, marks, edits."""
    rng = random.Random(seed)
    g = Game(ruleset, size=rng.choice((2, 3)), **options)
    cells = g.board.names(g.board.plots)
    for _ in range(rng.randrange(4, 30)):
        r = rng.random()
        if r < 0.55 and not g.is_over:
            g.play(rng.choice(g.legal_steps()))
        elif r < 0.68 and g.can_undo():
            for _ in range(rng.randrange(1, 4)):
                g.undo()
        elif r < 0.76 and g.can_redo():
            g.redo()
        elif r < 0.86:
            text = rng.choice(("", "a good move", "why?", "é ✓ \u2013 \"quoted\""))
            g.comment(text, rng.randrange(max(len(g.history), 1)))
        elif r < 0.94:
            _annotate(g, rng, cells)
        elif not g.turn_under_way and g.pieces:
            # the Editor: a new game from this position with a piece removed
            pieces = dict(g.pieces)
            pieces.pop(rng.choice(sorted(pieces)))
            try:
                g = g.edited(pieces)
            except DendriaError as e:   # an edit the rules refuse says why, in words
                assert str(e)
    return g


@pytest.mark.parametrize("ruleset, options", RULESETS, ids=lambda x: x if isinstance(x, str) else "")
def test_records_round_trip(ruleset, options):
    for seed in range(CASES):
        g = random_session(ruleset, options, seed)
        text = g.to_json()
        h = Game.from_record(text)
        assert h == g, (ruleset, seed)
        assert (h.position_string(), h.phase, h.history, h.future, h.comments,
                h.annotations, h.is_over, h.winner) == (
            g.position_string(), g.phase, g.history, g.future, g.comments,
            g.annotations, g.is_over, g.winner), (ruleset, seed)
        assert h.to_json() == text
        # both play on alike: redo everything, then the same legal steps
        while g.can_redo():
            assert h.redo() == g.redo()
        assert h.legal_steps() == g.legal_steps()


def test_the_sessions_cover_what_a_record_holds():
    """The random sessions reach every part of a record (so the round trip
    above tests them all): redo steps, comments on turns taken back,
    annotations, a start from an edited position, finished games."""
    seen = set()
    for ruleset, options in RULESETS:
        for seed in range(CASES):
            rec = random_session(ruleset, options, seed).to_record()
            seen.update(k for k in ("redo", "redo_comments", "annotations") if rec.get(k))
            if rec["start"] is not None:
                seen.add("start")
            if any("comment" in t for t in rec["turns"]):
                seen.add("comments")
            if Game.from_record(rec).is_over:
                seen.add("over")
    assert seen == {"redo", "redo_comments", "annotations", "start", "comments", "over"}
