"""The score in words: one source (explain.sentences) for the tutorials'
sentences and the widget's short score line."""

import re

from dendria_widget import Game
from dendria_widget.explain import hedu as hedu_explain
from dendria_widget.explain.sentences import (points, region_sentences, score_line,
                                              score_sentence)
from dendria_widget.lessons import sentences as say
from dendria_widget.widget.text import header_html, score_words

# Dark: forests of 3, 3 and 2; Light: one forest of 4 (lesson 09's board).
WORKED = "dendria-classic h5 ttt2/6/5tt/3d4/t4s3/t4D2/t1S4/6/1TTTT dark"


def test_points_in_words():
    assert [points(x) for x in (0, 5, 4.5, 7.0, 0.5)] == ["0", "5", "4.5", "7", "0.5"]


def test_classic_score_sentence_and_line_say_the_same_parts():
    game = Game.from_position(WORKED + " komi=2")
    assert score_sentence(game, "dark") == (
        "Dark has forests of 3, 3 and 2: distinct sizes 5, plus 2 for more forests of "
        "sizes 3 and 2: 7 points.")
    assert score_sentence(game, "light") == (
        "Light has a forest of 4: distinct sizes 4, plus 1 for more forests of size 4, "
        "plus 0.5 for the larger forests, plus 2 of komi: 7.5 points.")
    assert score_words(game) == [
        "Dark: 7 (forests of 3, 3 and 2; distinct sizes 5; +2 for more forests of sizes "
        "3 and 2)",
        "Light: 7.5 (a forest of 4; distinct sizes 4; +1 for more forests of size 4; "
        "+0.5 for the larger forests; +2 of komi)"]
    # each total is the engine's, and the line and the sentence agree on it
    score = game.score()
    for colour, line in zip(("dark", "light"), score_words(game)):
        total = points(score[colour]["total"])
        assert line.startswith(f"{colour.capitalize()}: {total} (")
        assert score_sentence(game, colour).endswith(f": {total} points.")
    assert "Dark: 7 (forests of 3, 3 and 2" in header_html(game)
    assert say.scores(game) == "\n".join(score_sentence(game, c) for c in ("dark", "light"))


def test_empty_boards_and_the_sprites_edition():
    game = Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark")
    assert score_sentence(game, "dark") == "Dark has no forest: 0 points."
    assert score_line(game, "light") == "Light: 0 (no forest)"
    sprites = Game("dendria-sprites", size=4)
    line = score_line(sprites, "dark")
    assert line.startswith("Dark: 0 (") and "leafiness" not in line   # no forest, no leafiness
    sprites = Game.from_position("dendria-sprites h4 tt2/t4/6/7/6/5/2TT dark")
    part = sprites.score()["dark"]
    assert part["forests"] == [3]
    assert score_sentence(sprites, "dark").startswith(
        f"Dark has a forest of 3: leafiness {points(part['leafiness'])}")


def test_hedu_score_and_regions_in_words():
    game = Game.from_position("hedu h4 4/1w13/1w14/w2w2b2b2b2w2w2/6/2b12/4 black")
    game.play("place a2", "place b1", "place c3")
    score = game.score()
    for colour in ("black", "white"):
        part = score[colour]
        text = score_sentence(game, colour)
        assert text.startswith(f"{colour.capitalize()} controls ")
        assert text.endswith(f": {points(part['total'])} point"
                             f"{'' if part['total'] == 1 else 's'}.")
        if part["prisoners"]:
            assert f"plus {part['prisoners']} prisoner" in text
        line = score_line(game, colour)
        assert not re.search(r"[\[\]{}()]{2}|None|True|False|_", line)
    regions = hedu_explain.regions(game)
    said = region_sentences(game, regions)
    assert len(said) == len(regions)
    for r, s in zip(regions, said):
        who = r["controller"]
        assert s.startswith("Nobody controls" if who is None else f"{who.capitalize()} controls")
        assert f"the region of {r['cells'][0]}" in s
    assert say.regions(game) == "\n".join(said)
