"""Lesson 14: the sprites edition's forests: protection, capturing an
unprotected forest, forests with no fertile plot, leafiness."""

from typing import Any

from ...explain import dendria as explain
from ...game import Game
from .. import checks
from .. import claims as claim
from .. import sentences as say
from .. import statements as st
from ..facts import NUMBER_WORDS, counted, last_turn
from ..framework import Exercise, Lesson, Page, Verdict, words
from ..drills import with_drills
from .drill_positions import drill

# Dark: a sprite on d4 and an unprotected forest; Light: an unprotected
# forest (g1-g2) and a forest (i5) its sprite on h4 protects.
POWER = "dendria-sprites h5 3tt/6/7/3d4/9/8/TT5/3D2/4T dark"
# Dark's forest a1-a2 is not protected; Dark's sprite on e7 can save it.
SAVE = "dendria-sprites h5 tt3/6/7/8/6d2/8/7/2D3/5 dark"
# Dark's forest a1-a2: its sprite on c3 fertilizes a3, b2, b3 but not b1
SOW_SAFE = "dendria-sprites h5 tt3/6/2d4/8/9/8/7/2D3/5 dark"
# Light's tree on a1 has no fertile plot; it sees one dark sprite (b2).
ENCLOSED = "dendria-sprites h5 Ts3/sd4/7/8/9/8/7/3D2/5 dark"
# Leafiness: one forest of 4 against forests of 2, 2, 2 and 1.
LEAFY = "dendria-sprites h5 tttt1/6/7/8/9/1D6/TT1TT2/6/T1TT1 dark"
# Dark: one tree; Light: a forest of two (i4, i5), its sprite on h4 beside it
BEHIND = "dendria-sprites h5 t4/6/7/8/4d4/8/7/3D2/3TT dark"


# No move limit: Light's sprites journey ten times while Dark passes, twenty
# turns without a sowing; Light's sprite on a2 protects its forest i4-i5 from afar.
LONG = "dendria-sprites h5 tD3/6/7/3DD3/3Dd1D2/8/7/6/3TT dark"
LONG_TURNS = (("move d4", "slide d6"), ("move d5", "slide c5"), ("move c5", "slide c6"),
              ("move c6", "slide c7"), ("move d6", "slide d7"), ("move d7", "slide d8"),
              ("move e4", "slide c4"), ("move c4", "slide c6"), ("move c6", "slide b6"),
              ("move e7", "slide e8"))
LONG_SETUP = tuple(step for journey in LONG_TURNS for step in ("pass", *journey, "end"))


def _scores(game: Game) -> str:
    return " ".join(say.score(game, c) for c in game.score())


def _totals(game: Game, mover: str) -> str:
    """Each side's points, the mover's first, as the engine counts them,
    and no more: the exercise that says it (Twenty turns without sowing)
    comes before the page that teaches how a forest scores (leafiness)."""
    s = game.score()
    said = [f"{game.variant.colour_word(c)} {'has ' if not k else ''}"
            f"{say.points(float(s[c]['total']))}"
            f"{' point' if float(s[c]['total']) == 1 else ' points'}"
            for k, c in enumerate((mover, _other(game, mover)))]
    return ", ".join(said) + "."


def _other(game: Game, colour: str) -> str:
    colours = game.variant.colours
    return colours[1 - colours.index(colour)]


def _leads(game: Game, colour: str) -> bool:
    s = game.score()
    return float(s[colour]["total"]) > float(s[_other(game, colour)]["total"])


def _lead_words(game: Game, colour: str) -> str:
    """'Dark leads' or 'Dark does not lead', as the engine's score says."""
    name = game.variant.colour_word(colour)
    return f"{name} leads" if _leads(game, colour) else f"{name} does not lead"


def _check_no_limit(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 2 * len(LONG_TURNS))
    if unfinished is not None:
        return unfinished
    mover, before = last_turn(game)
    verb = game.history[-1][0].verb
    quiet = NUMBER_WORDS[before.turns_without_plant] \
        if before.turns_without_plant < len(NUMBER_WORDS) else str(before.turns_without_plant)
    lead = _lead_words(game, mover)
    if verb in ("plant", "sow"):
        return Verdict(False, "You sowed, as if the game would end without a sowing. In this "
                              f"edition there is no move limit: {quiet} turns without sowing "
                              f"did not end the game. And after your seed {lead}. "
                              f"{_totals(game, mover)}")
    if verb == "pass":
        other = game.variant.colour_word(_other(game, mover))
        went = "is over" if game.is_over else "goes on"
        before_you = "" if before.history and before.history[-1][0].verb == "pass" else \
            f" ({other} did not pass before you)"
        return Verdict(False, f"You passed: the game {went}{before_you}, since this edition "
                              f"has no move limit, but {lead}. {_totals(game, mover)}")
    if not _leads(game, mover):
        return Verdict(False, f"Your sprite journeyed, but {lead}. {_totals(game, mover)} Which "
                              f"{_other(game, mover)} forest is not protected?")
    return Verdict(True, f"Right: after {quiet} turns without a sowing the game "
                         f"{'is over' if game.is_over else 'goes on'}, as this edition has "
                         f"no move limit, and your sprite's journey took the lead: {lead}. "
                         f"{_totals(game, mover)}")


#: The forest the two protection exercises ask the learner to protect (a
#: locator: the prompt's "your forest"; its cells and owner are the engine's).
SAVED = "a1"


def _forest(game: Game, cell: str) -> dict[str, Any] | None:
    return next((g for g in explain.groups(game)
                 if g["kind"] == "forest" and cell in g["cells"]), None)


def _check_saved(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    mover, before = last_turn(game)
    you = game.variant.colour_word(mover)
    was = _forest(before, SAVED)
    forest = _forest(game, SAVED)
    if forest is None or forest["colour"] != mover:
        cells = words(was["cells"]) if was is not None else SAVED
        return Verdict(False, f"{you}'s forest on {cells} is no longer {you}'s.")
    fertile = forest["fertile_soils"]
    if not fertile:
        seen = forest.get("sees_dendrids", {})
        sight = (f"it has no fertile plot, and it sees {NUMBER_WORDS[seen.get(mover, 0)]} of "
                 f"{you}'s sprites against {NUMBER_WORDS[seen.get(_other(game, mover), 0)]}")
        if forest["protected"]:
            return Verdict(True, f"{you}'s forest is protected now: {sight}.")
        return Verdict(False, f"{you}'s forest is still not protected: {sight}. Such a forest "
                              "is protected when it sees more of its owner's sprites.")
    if forest["protected"]:
        return Verdict(True, f"{you}'s forest is protected now: {you} fertilizes every one "
                             f"of its fertile plots ({words(fertile)}).")
    missing = [c for c, who in fertile.items() if mover not in who]
    return Verdict(False, f"{you}'s forest is still not protected: {you} does not fertilize "
                          f"{counted(len(missing), 'fertile plot')} of its {NUMBER_WORDS[len(fertile)]}, "
                          "and a forest that is not protected may be captured on the "
                          "opponent's move. The rule: its owner fertilizes every fertile plot "
                          "of it.")


def _check_leads(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    mover, _ = last_turn(game)
    if _leads(game, mover):
        return Verdict(True, f"{_lead_words(game, mover)} now. {_scores(game)}")
    return Verdict(False, f"{_lead_words(game, mover)}: {_scores(game)} Which "
                          f"{_other(game, mover)} forest is not protected?")


LESSON = Lesson(
    name="14_sprites_protection",
    title="The sprites edition: protected forests",
    summary="Protected forests, capturing the unprotected ones, forests with no fertile "
            "plot, and leafiness.",
    pages=with_drills([
        Page(
            title="Protected forests",
            statements=(st.rule("**every one** of them", "protection", "2.2 Conversions",
                                ("dendria-sprites",)),),
            text=(
                "A forest that has fertile plots (the empty plots touching it) is "
                "**protected** when its owner fertilizes **every one** of them (a forest "
                "with **no** fertile plot is judged another way, a few pages on). The small "
                "marks show who fertilizes each fertile plot.\n\n"
                "{piece(i5)|colour|cap}'s tree on i5 is {protected(i5)|protected}: "
                "{piece(h4)|colour|cap}'s sprite on h4 sees {fertile_by(i5, light)}, "
                "{fertile_by(i5, light)|n|word} fertile plots of {fertile_count(i5)|word}."),
            start=POWER,
            overlays=("fertile",),
            focus="i5",
            claims=(claim.piece("i5", "light tree"), claim.piece("h4", "light dendrid"), claim.fertilizes("light", "h5", "h6", "i4"), claim.fertile_soils("i5", "h5", "h6", "i4"),),
            rules_covered=("protection",),
        ),
        Page(
            title="Not protected",
            text=(
                "{group_colour(g1)|cap}'s forest {group(g1)} is **{protected(g1)|protected}**: "
                "its sprite on h4 sees {fertile_by(g1, light)}, but nobody of "
                "{group_colour(g1)|cap} sees {fertile_missed(g1, light)|or}. "
                "({group_colour(a4)|cap}'s forest {group(a4)} is "
                "{protected(a4)|protected} either.)"),
            start=POWER,
            overlays=("fertile",),
            focus="g1",
            claims=(claim.piece("h4", "light dendrid"), claim.group("g1", "g2"), claim.may_capture("g1", "dark"), claim.group("a4", "a5"), claim.may_capture("a4", "light"), claim.fertilizes("light", "h1", "h2"), claim.not_fertilized("light", "f1", "f2", "f3", "g3"),),
            rules_covered=("protection",),
        ),
        Exercise(
            title="Save your forest",
            turn="move",
            text=(
                "{group_colour(a1)|cap}'s forest on {group(a1)} is "
                "{protected(a1)|protected}: on its next move {not_to_move()|cap} may capture "
                "it."),
            prompt=("You play **{to_move()|cap}**. Move your sprite so that your forest is "
                    "protected. Remember the power rule."),
            start=SAVE,
            overlays=("fertile", "power"),
            focus="a1",
            check=_check_saved,
            hint="A plot of row b sees {fertile_soils(a1)} at once: every fertile plot of "
                 "the forest.",
            hint_cells=("b4",),
            solution=("move e7", "slide b4", "end"),
            wrong=(("move e7", "slide d7", "end"), ("move e7", "slide a3", "end")),
            claims=(claim.may_capture("a1", "light", at="start", mentions=("a1",)),
                    # the hint: a plot of row b sees every fertile plot of the forest
                    claim.after(("move e7", "slide b4"),
                                claim.fertilizes("dark", "a3", "b1", "b2", "b3", at="start",
                                                 mentions=()))),
            rules_covered=("protection", "power-rule"),
        ),
        Exercise(
            title="Protect by sowing",
            turn="plant",
            text=("{group_colour(a1)|cap}'s forest {group(a1)} has "
                  "{fertile_count(a1)|word} fertile plots. {piece(c3)|colour|cap}'s sprite "
                  "on c3 fertilizes {fertile_by(a1, dark)|n|word} of them, not the "
                  "{fertile_count(a1)|ordinal}."),
            prompt="Sow a seed so that your forest is protected.",
            start=SOW_SAFE,
            overlays=("fertile",),
            focus="a1",
            claims=(claim.fertile_soils("a1", "a3", "b1", "b2", "b3", at="start",
                                        mentions=("a1", "a2", "four")),
                    claim.fertilizes("dark", "a3", "b2", "b3", at="start",
                                     mentions=("c3", "three")),
                    claim.not_fertilized("dark", "b1", at="start", mentions=("not the fourth",))),
            check=_check_saved,
            hint="A fertile plot is an empty plot next to the forest. What if it were not "
                 "empty any more?",
            hint_cells=("a3", "b1", "b2", "b3"),
            solution=("sow b1", "end"),
            wrong=(("sow b4", "end"), ("sow c1", "end")),
            rules_covered=("protection", "fertile-soils"),
        ),
        Page(
            title="Capturing an unprotected forest",
            claims=(claim.after(("move d4",), claim.may_capture("g1", "dark", at="start")), claim.piece("g1", "dark tree"), claim.piece("g2", "dark tree"), claim.piece("e5", "dark dendrid"), claim.power("e5", 4, at="start"), claim.power("d4", 3, at="start", mentions=("d4",)),),
            text=(
                "During a move, the mover may **capture any enemy forest that is not "
                "protected**, at any stop, and in this edition even before any "
                "slide. Press **Play**: {to_move()|cap}'s sprite captures {group(g1)}, then "
                "slides to e5.\n\n"
                "e5 has power {power(e5)}, higher than d4's {power(d4)}: this is allowed "
                "because a step of the turn gave {to_move()|cap} more trees. That is the one exception to the power rule."),
            start=POWER,
            play=("move d4", "capture g1", "slide e5", "end"),
            overlays=("power",),
            rules_covered=("capture-unprotected", "power-rule"),
        ),
        Exercise(
            title="{quiet_turns()|word|cap} turns without sowing",
            text=("{not_to_move()|cap}'s sprites have journeyed and {to_move()|cap} has passed, "
                  "turn after turn: "
                  "{quiet_turns()|word} turns without a sowing. With the classic limit of "
                  "{default_option_of(dendria-classic, dendrid_move_limit)|word} turns each, "
                  "the game would be over; here it {over()|is} over. {leader()|cap} "
                  "leads by {lead()}: Dark has {score(dark)}, Light {score(light)}."),
            prompt="You play **{to_move()|cap}**. Play a turn after which "
                   "{to_move()|cap} leads.",
            start=LONG,
            setup=LONG_SETUP,
            overlays=("fertile",),
            claims=(claim.over(False, at="start"),
                    claim.ends_under("dendrid_move_limit", 10, at="start",
                                     mentions=()),
                    claim.option("dendrid_move_limit", None, at="start"),
                    claim.score("dark", 1, at="start"), claim.score("light", 3.5, at="start"),
                    claim.leader("light", at="start"),
                    claim.may_capture("i4", "dark", False, at="start", mentions=()),
                    claim.over(False), claim.leader("dark")),
            check=_check_no_limit,
            hint="A forest is protected while its owner fertilizes every fertile plot of "
                 "it; a sprite that stops on a line between blocks what it sees.",
            hint_cells=("h4", "h5", "h6", "i3"),
            solution=("move e5", "slide e6", "capture i4", "end"),
            wrong=(("sow a5", "end"), ("pass",), ("move e5", "slide e6", "end")),
            rules_covered=("no-move-limit", "capture-unprotected"),
        ),
        Page(
            title="A forest with no fertile plot",
            statements=(st.rule("protected only when it sees more", "enclosed-sight", "2.2 Conversions", ("dendria-sprites",)),),
            claims=(claim.piece("a1", "light tree", at="start"), claim.fertile_soils("a1", at="start"), claim.sees_dendrids("a1", 1, 0, at="start", mentions=("a1", "b2")), claim.piece("b2", "dark dendrid", at="start"), claim.after(("move b2",), claim.may_capture("a1", "dark", at="start")), claim.piece("a1", "dark tree"),),
            text=(
                "{piece(a1)|colour|cap}'s tree on a1 has {fertile_count(a1)|word} fertile "
                "plot: every plot next to it is taken. "
                "Such a forest is judged by the **sprites it sees**: it is protected only "
                "when it sees more of its owner's sprites than of the other colour's. "
                "Along its lines the tree sees {sees_count(a1, dark)|word} dark sprite "
                "(b2) and {sees_count(a1, light)|word} light sprite: it is "
                "{protected(a1)|protected}.\n\n"
                "Press **Play**: {to_move()|cap}'s sprite captures it before it slides, then "
                "leaves. (A seedbed with no fertile plot grows the same way: when it sees "
                "more of the mover's sprites than of the opponent's.)"),
            start=ENCLOSED,
            play=("move b2", "capture a1", "slide d4", "end"),
            overlays=("fertile",),
            focus="a1",
            rules_covered=("enclosed-sight", "capture-unprotected"),
        ),
        Page(
            title="Leafiness",
            text=(
                "The sprites edition scores by **leafiness**: a forest is worth the sum of "
                "the positive whole numbers up to its number of trees. {group_colour(a1)|cap}'s "
                "forest of "
                "{group_size(a1)|word} trees: {leafiness_terms(a1)|sum} = "
                "{leafiness_of(a1)}. {group_colour(g1)|cap}'s forest of {group_size(g1)|word} on "
                "{group(g1)}: {leafiness_terms(g1)|sum} = {leafiness_of(g1)}, and "
                "{group_colour(i1)|cap}'s tree alone on i1: {leafiness_terms(i1)|sum} = "
                "{leafiness_of(i1)}.\n\n"
                "Dark's forest of {forest_sizes(dark)} is worth "
                "{score_part(dark, leafiness)}. Light's forests of {forest_sizes(light)} "
                "are worth {score_part(light, leafiness)} in all. "
                "The half point goes, as in the classic edition, to the larger forests "
                "compared from the largest: here to {half_point()|cap}. Dark "
                "{score(dark)}, Light {score(light)}."),
            start=LEAFY,
            claims=(claim.score("dark", 10.5), claim.score("light", 10),
                    claim.group("i1", mentions=("alone on i1",))),
            rules_covered=("leafiness", "score-half"),
        ),
        Exercise(
            title="Take the lead",
            turn="move",
            text=("Dark has {count_of(dark tree)|of(tree)} ({score(dark)|of(point)}), Light a "
                  "forest of {forest_sizes(light)|first|word} trees "
                  "({score_part(light, leafiness)} points, and the half point for the "
                  "larger forest: {score(light)}). {piece(h4)|colour|cap}'s sprite on h4 "
                  "stands beside its forest."),
            prompt="Play a move after which {to_move()|cap} leads.",
            start=BEHIND,
            claims=(claim.score("dark", 1, at="start"), claim.score("light", 3.5, at="start"),
                    claim.leader("light", at="start"),
                    claim.forests("light", 2, at="start"),
                    claim.score_part("light", "largest_forests_bonus", 0.5, at="start",
                                     mentions=()),
                    claim.piece("h4", "light dendrid", at="start")),
            check=_check_leads,
            hint="A forest is protected while its owner fertilizes every fertile plot of "
                 "it. A plot with a piece on it is not fertile any more, and a sprite may "
                 "capture at any stop.",
            hint_cells=("h4", "h5", "i3"),
            solution=("move e5", "slide h5", "capture i4", "end"),
            wrong=(("move e5", "slide e6", "end"), ("sow a5", "end")),
            rules_covered=("capture-unprotected", "leafiness"),
        ),
    ], drill('sprites-capture'), drill('protect'), drill('leafy-lead'),
       drill('enclosed-capture')),
)
