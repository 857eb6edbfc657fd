"""Ready-made checks for exercises: each builds a ``check(game) -> Verdict``
that asks the engine about the position the learner reached.

    Exercise(..., check=checks.nourished("a1", "g1"), ...)

A check judges the position (or its facts), so every answer that reaches
it is right; its messages say what is right or what is still wrong, in
words from :mod:`dendria_widget.lessons.sentences`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..explain import dendria as explain
from ..explain import hedu
from ..explain.sentences import number_word
from ..game import Game
from . import sentences as say
from .framework import Verdict, edition_fields, piece_words, planted, steps_of, words, worded


#: A check: the verdict on the game the learner reached.
Check = Callable[[Game], Verdict]


def _too_many(game: Game, seeds: int, new: Sequence[str]) -> str:
    """The verdict's words when the learner planted more than ``seeds`` seeds."""
    return worded(game, "Use {n} only (you {planted} on {cells}): press Retry and try "
                        "again.", n=say.plural(seeds, "seed"), cells=words(new))


def learner(game: Game) -> str:
    """The learner's colour, asked of the game: the colour that played the
    last turn (the learner's; the colour to move when no turn was played).
    A check given no colour judges for this one, so a verdict names the
    colour the engine reports, never a typed one."""
    movers = game.turn_movers()
    return movers[-1] if movers else game.to_move


def _colour(game: Game, colour: str | None) -> str:
    """``colour``, or the learner's (:func:`learner`) when it is None."""
    return learner(game) if colour is None else colour


def after_planting(game: Game) -> Game:
    """The game as it was right after the learner's last plant (before any
    sprout or growth that followed it), or ``game`` itself when nothing was
    planted: a check about feeding seeds judges that board."""
    steps = game.steps
    last = max((k for k, s in enumerate(steps) if s.verb in ("plant", "sow")), default=None)
    if last is None or last == len(steps) - 1:
        return game
    return game.copy().go_to(last + 1)


def nourished(*cells: str, seeds: int = 1) -> Check:
    """Every seed on ``cells`` is nourished, having planted at most ``seeds``
    seeds (judged right after the plant: a seed sprouted after it was fed
    was nourished)."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if not new and not steps_of(game, "move"):
            return Verdict(False, worded(game, "Nothing played yet: click an empty {soil} to "
                                                  "{plant} a seed."))
        if len(new) > seeds:
            return Verdict(False, _too_many(game, seeds, new))
        final, game = game, after_planting(game)
        facts = explain.seeds(game)
        gone = [c for c in cells if c not in facts]
        if gone:
            return Verdict(False, f"There is no seed on {words(gone)} any more.")
        hungry = [c for c in cells if c in facts and facts[c]["hungry"]]
        if hungry:
            fed = [c for c in cells if c not in hungry]
            head = f"{words(fed)} {'is' if len(fed) == 1 else 'are'} nourished now, but " \
                if fed else ""
            text = " ".join(say.seed(game, c) for c in hungry)
            return Verdict(False, head + (text[0].lower() + text[1:] if head else text))
        # judged right after the plant; a seed sprouted since is no seed any
        # more, and the message says what it is now
        now = explain.seeds(final)
        said = []
        for c in cells:
            if c in now:
                said.append(say.seed(game, c))
                continue
            by = facts[c]["by_colour"]
            said.append(f"The seed on {c} was nourished (its nourishers: "
                        f"{words(facts[c]['nourishers'])}, {by['dark']} dark and "
                        f"{by['light']} light), and you sprouted it: {c} now holds a "
                        f"{piece_words(game, str(final.pieces.get(c)))}.")
        return Verdict(True, "Right. " + " ".join(said))
    return check


def piece_is(cell: str, piece: str, doing: str) -> Check:
    """The piece on ``cell`` is ``piece`` (e.g. 'dark dendrid'); ``doing``
    says what the learner was to do, for the message when it is not."""
    def check(game: Game) -> Verdict:
        now = game.pieces.get(cell)
        if now == piece:
            return Verdict(True, f"Right: {cell} now holds a {piece_words(game, piece)}.")
        what = f"a {piece_words(game, now)}" if now else "nothing"
        return Verdict(False, f"{cell} holds {what}, not a {piece_words(game, piece)}: "
                              f"{doing}.")
    return check


def sprouted(cell: str, colour: str | None = None) -> Check:
    """The seed on ``cell`` has become a dendrid of ``colour`` (None: the
    learner's colour, :func:`learner`)."""
    def check(game: Game) -> Verdict:
        colour_ = _colour(game, colour)
        piece = game.pieces.get(cell)
        if piece == f"{colour_} dendrid":
            return Verdict(True, worded(game, "Right: the seed on {cell} sprouted into a "
                                              "{colour} {dendrid}.", cell=cell, colour=colour_))
        if piece is None or not piece.endswith("seed"):
            what = f"a {piece_words(game, piece)}" if piece else "nothing"
            return Verdict(False, worded(game, "{cell} holds {what}: the seed there was to "
                                               "become a {colour} {dendrid}.", cell=cell,
                                         what=what, colour=colour_))
        reason = explain.conversions(game, colour_)["sprout"].get(cell)
        if reason is None:
            return Verdict(False, f"The seed on {cell} may sprout now, but you did not sprout "
                                  "it: click it before you end the turn.")
        return Verdict(False, f"Not sprouted yet: {reason}.")
    return check


def fertilized_by(soil: str, colours: Iterable[str | None] = (), seeds: int = 1) -> Check:
    """``soil`` is fertilized by exactly ``colours`` (() : by nobody; None
    among them: the learner's colour, :func:`learner`), having planted at
    most ``seeds`` seeds."""
    asked = tuple(colours)

    def check(game: Game) -> Verdict:
        want = {_colour(game, c) for c in asked}
        new = planted(game)
        if not new and not game.steps:
            return Verdict(False, "Nothing played yet: click the board.")
        if len(new) > seeds:
            return Verdict(False, _too_many(game, seeds, new))
        fert = explain.fertilization(game)
        who = {c for c in ("dark", "light") if soil in fert[c]}
        if who == want:
            if soil in game.pieces and not want:
                why = worded(game, "{cell} holds a piece now, and only empty {soils} are "
                                   "fertilized.", cell=soil)
            elif not want:
                why = worded(game, "no {dendrid} sees {cell} any more.", cell=soil)
            else:
                why = f"{soil} is fertilized by {' and '.join(game.variant.colour_word(c) for c in sorted(who))} only."
            return Verdict(True, "Right: " + why)
        if soil in game.pieces:
            return Verdict(False, worded(game, "{cell} holds a {piece} now, and only empty "
                                               "{soils} are fertilized: keep it empty.",
                                         cell=soil, piece=piece_words(game, game.pieces[soil])))
        bits = []
        for c in sorted(who - want):
            bits.append(worded(game, "{who} still fertilizes {cell}: the {c} {dendrid} on "
                                     "{on} sees it", who=game.variant.colour_word(c), c=c,
                               cell=soil, on=words(fert[c][soil])))
        for c in sorted(want - who):
            bits.append(f"{game.variant.colour_word(c)} does not fertilize {soil}")
        return Verdict(False, say.cap("; ".join(bits)) + ".")
    return check


def grown(cell: str | None = None, colour: str | None = None, size: int = 1) -> Check:
    """The group holding ``cell`` has become a forest of ``colour`` (grown
    from a seedbed, or captured from the other colour; None: the learner's
    colour, :func:`learner`), of at least ``size`` trees. ``cell=None``:
    the cell of the seed the learner planted (any right place is accepted)."""
    asked = colour

    def check(game: Game) -> Verdict:
        colour = _colour(game, asked)
        target = cell
        if target is None:
            new = planted(game)
            if not new:
                return Verdict(False, worded(game, "{Plant} a seed first: click an empty "
                                                   "{soil}."))
            target = new[-1]
        piece = game.pieces.get(target)
        if piece == f"{colour} tree":
            group = next(g for g in explain.groups(game) if target in g["cells"])
            if group["size"] < size:
                return Verdict(False, f"{words(group['cells'])} grew into a {colour} forest "
                                      f"of {say.plural(group['size'], 'tree')}, but this "
                                      f"exercise asks for {size}: a seedbed grows whole, "
                                      "so grow one that already has more seeds.")
            return Verdict(True, f"Right: {words(group['cells'])} "
                                 f"{'is' if group['size'] == 1 else 'are'} now a {colour} "
                                 f"forest of {say.plural(group['size'], 'tree')}.")
        if piece is None:
            return Verdict(False, f"{target} is empty: the group there was to become a "
                                  f"{colour} forest.")
        conv = explain.conversions(game, colour)
        for verb, entries in (("grow", conv["grow"]), ("capture", conv["capture"])):
            for e in entries:
                if target not in e["cells"]:
                    continue
                if e["ok"]:
                    return Verdict(False, f"{say.cap(colour)} could {verb} {words(e['cells'])} "
                                          f"now, but did not: click {target} before "
                                          "ending the turn.")
                return Verdict(False, _not_converted(game, target, verb, colour))
        return Verdict(False, f"{target} holds a {piece_words(game, piece)}, not a {colour} "
                              "tree.")
    return check


def _not_converted(game: Game, target: str, verb: str, colour: str) -> str:
    """Why the group on ``target`` did not grow or change hands, as the rule
    it missed and how many of its fertile soils the mover does not fertilize
    (never which: that would be the answer)."""
    group = next(g for g in explain.groups(game) if target in g["cells"])
    soils = group["fertile_soils"]
    missing = [s for s, who in soils.items() if colour not in who]
    fertile = "fertile " + edition_fields(game)["soil"]
    kind = f"{group['colour']} {group['kind']}"
    if not soils and "sees_dendrids" in group:
        sees = group["sees_dendrids"]
        owner = group["colour"]
        return worded(game, "The {kind} on {cell} has no fertile {soil}, so it is judged by "
                            "the {dendrids} it sees: {mine} of {Colour}'s and {theirs} of "
                            "{Owner}'s. The rule: it changes hands only when it sees more "
                            "of the mover's {dendrids} than of its owner's.", kind=kind,
                      cell=target, mine=sees.get(colour, 0), theirs=sees.get(owner, 0),
                      Colour=game.variant.colour_word(colour),
                      Owner=game.variant.colour_word(owner))
    if not soils:
        return worded(game, "The {kind} on {cell} has no fertile {soil}: a group with none "
                            "is judged otherwise.", kind=kind, cell=target)
    if verb == "capture" and getattr(game.variant, "protection", False):
        return worded(game, "The {kind} on {cell} is protected: "
                            "its owner fertilizes every fertile {soil} of it. The rule: only "
                            "a forest that is not protected may be captured.", kind=kind,
                      cell=target)
    if missing:
        change = "change hands" if verb == "capture" else "grow"
        return worded(game, "The {kind} on {cell} did not {change}: {n} of its "
                            "{total} {missing_word} not fertilized by {Colour}. The rule: the "
                            "mover must fertilize every fertile {soil} of it.", kind=kind,
                      cell=target, change=change, Colour=game.variant.colour_word(colour),
                      n=len(missing),
                      total=say.plural(len(soils), fertile),
                      missing_word="is" if len(missing) == 1 else "are")
    if verb == "capture":
        return worded(game, "The {kind} on {cell} did not change hands: {colour} fertilizes "
                            "all its {fertile}, but so does its owner. The rule: its owner "
                            "must miss one.", kind=kind, cell=target, colour=colour,
                      fertile=plural_of_words(fertile))
    return worded(game, "The {kind} on {cell} did not grow for {colour}.", kind=kind,
                  cell=target, colour=colour)


def plural_of_words(words_: str) -> str:
    """'fertile soil' -> 'fertile soils'."""
    return words_ + "s"


def enclosed(cell: str) -> Check:
    """The group holding ``cell`` has no fertile soil left."""
    def check(game: Game) -> Verdict:
        group = next((g for g in explain.groups(game) if cell in g["cells"]), None)
        if group is None:
            return Verdict(False, f"There is no seedbed or forest on {cell} any more.")
        name = f"{group['colour']} {group['kind']} {words(group['cells'])}"
        soils = list(group["fertile_soils"])
        if soils:
            fertile = "fertile " + edition_fields(game)["soil"]
            return Verdict(False, worded(game, "The {name} still has {n}: an empty {soil} "
                                               "next to it. It is enclosed only when no "
                                               "{soil} next to it is empty.", name=name,
                                         n=say.plural(len(soils), fertile)))
        return Verdict(True, worded(game, "Right: the {name} has no fertile {soil} left, and "
                                          "a group cannot change hands while it has none.",
                                    name=name))
    return check


def edge_lines(cell: str, count: int, seeds: int = 1) -> Check:
    """The seed on ``cell`` sees the edge along exactly ``count`` of its
    lines, having planted at most ``seeds`` seeds."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if not new:
            return Verdict(False, worded(game, "Nothing played yet: click an empty {soil} to "
                                               "{plant} a seed."))
        if len(new) > seeds:
            return Verdict(False, _too_many(game, seeds, new))
        ways = [say.DIRECTION_WORDS[r["direction"]] for r in explain.roots(game, cell)
                if r["sees_edge"]]
        if len(ways) == count:
            return Verdict(True, f"Right: your seed on {new[-1]} stands on a line of {cell}, "
                                 f"which now sees the edge to the {words(ways)} only.")
        return Verdict(False, f"{cell} still sees the edge along {len(ways)} lines (to the "
                              f"{words(ways)}): a seed stops a line only when it stands "
                              f"on it, and your seed on {new[-1]} is on no open line of "
                              f"{cell}.")
    return check


def sprouted_many(count: int | None = None, colour: str | None = None) -> Check:
    """At least ``count`` seeds sprouted into dendrids of ``colour`` (None:
    the learner's colour, :func:`learner`) this turn. ``count`` None: the
    most seeds a whole turn could sprout on the board the learner's turn
    started from (asked of the engine)."""
    from .facts import most_sprouts

    asked = colour
    most: dict[str, int] = {}

    def check(game: Game) -> Verdict:
        colour = _colour(game, asked)
        wanted = count
        if wanted is None:
            played = len(game.history[-1]) if game.history else 0
            before = game.copy().go_to(len(game.steps) - played)
            key = before.position_string()
            if key not in most:
                most[key] = most_sprouts(before)
            wanted = most[key]
        done = [str(c) for c in steps_of(game, "sprout")
                if game.pieces.get(str(c)) == f"{colour} dendrid"]
        if len(done) >= wanted:
            return Verdict(True, worded(game, "Right: {cells} sprouted into {colour} {dendrids}.",
                                        cells=words(done), colour=colour))
        may = [c for c, why in explain.conversions(game, colour)["sprout"].items()
               if why is None]
        if may:
            return Verdict(False, f"You may still sprout {words(may)}: click "
                                  f"{'it' if len(may) == 1 else 'them'} before ending the turn.")
        head = (f"Only {words(done)} sprouted. " if done else "Nothing sprouted. ")
        other = _other_colour(game, colour)
        return Verdict(False, head + f"A seed may sprout for {colour} when it is nourished "
                                     f"and more of its nourishers are {colour} than "
                                     f"{other}: a seed of yours must do that for "
                                     f"{say.plural(wanted, 'seed')} at once.")
    return check


def not_fertilized(soil: str, colour: str, seeds: int = 1) -> Check:
    """``soil`` is empty and ``colour`` no longer fertilizes it, having
    planted at most ``seeds`` seeds."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if len(new) > seeds:
            return Verdict(False, _too_many(game, seeds, new))
        if soil in game.pieces:
            return Verdict(False, worded(game, "{cell} holds a {piece} now: the exercise asks "
                                               "for {cell} to stay empty and unseen by "
                                               "{colour}. A {dendrid}'s sight stops at the "
                                               "nearest piece on its line: block it between.",
                                         cell=soil, colour=colour,
                                         piece=piece_words(game, game.pieces[soil])))
        fert = explain.fertilization(game)[colour]
        if soil in fert:
            return Verdict(False, worded(game, "{Colour} still fertilizes {cell}: the {colour} "
                                               "{dendrid} on {on} sees it. Sight stops at the "
                                               "nearest piece on a line: a seed between blocks "
                                               "it.", Colour=colour.capitalize(),
                                         colour=colour, cell=soil, on=words(fert[soil])))
        return Verdict(True, worded(game, "Right: no {colour} {dendrid} sees {cell} any more, "
                                          "so {colour} does not fertilize it.",
                                    colour=colour, cell=soil))
    return check


def sprite_taken(cell: str, colour: str) -> Check:
    """Sprites: the enemy sprite on ``cell`` was taken by a sprite of ``colour``."""
    def check(game: Game) -> Verdict:
        now = game.pieces.get(cell)
        if now == f"{colour} dendrid":
            return Verdict(True, worded(game, "Right: your {dendrid} stopped on {cell} and "
                                              "took the enemy {dendrid} there.", cell=cell))
        return Verdict(False, worded(game, "The enemy {dendrid} on {cell} is still there. A "
                                           "{dendrid} takes the nearest enemy {dendrid} on its "
                                           "line, and its journey must end on a {soil} of lower "
                                           "power (unless it won a tree).", cell=cell))
    return check


def stack_height(height: int) -> Check:
    """Hedu: the learner's placement got ``height`` pieces (judged on the
    board just before it: one piece for each region next to it)."""
    def check(game: Game) -> Verdict:
        at = [k for k, st in enumerate(game.steps) if st.verb == "place"]
        if not at:
            return Verdict(False, "Place a stack first: click an empty plot.")
        cell = str(game.steps[at[-1]].arg)
        got = hedu.placement_heights(game.copy().go_to(at[-1]))[cell]
        if got == height:
            return Verdict(True, f"Right: your stack on {cell} touches "
                                 f"{say.plural(got, 'region')}, so it got "
                                 f"{say.plural(got, 'piece')}.")
        return Verdict(False, f"Your stack on {cell} touches {say.plural(got, 'region')} "
                              f"once it stands there, so it got {say.plural(got, 'piece')}, "
                              f"not {height}. A new stack gets a piece for each region "
                              "next to it.")
    return check


def prisoners_taken(count: int, colour: str) -> Check:
    """Hedu: the learner's placement took at least ``count`` prisoners for
    ``colour`` (its prisoners after the turn, against before it)."""
    def check(game: Game) -> Verdict:
        at = [k for k, st in enumerate(game.steps) if st.verb == "place"]
        if not at:
            return Verdict(False, "Place a stack first: click an empty plot.")
        before = hedu_prisoners(game.copy().go_to(at[-1]), colour)
        got = hedu_prisoners(game, colour) - before
        cell = str(game.steps[at[-1]].arg)
        if got >= count:
            return Verdict(True, f"Right: your stack on {cell} left enemy stacks next to "
                                 f"fewer regions, and they shrank: "
                                 f"{say.plural(got, 'prisoner')}.")
        return Verdict(False, f"Your stack on {cell} took {say.plural(got, 'prisoner')}, "
                              f"not {count}. Enemy stacks shrink to the number of regions "
                              "next to them: cut or close their regions.")
    return check


def _other_colour(game: Game, colour: str) -> str:
    colours = game.variant.colours
    return colours[1 - colours.index(colour)]


def _both_scores(game: Game) -> str:
    return " ".join(say.score(game, c) for c in game.score())


def leads(colour: str) -> Check:
    """``colour``'s score is higher than the other colour's after the turn."""
    def check(game: Game) -> Verdict:
        s = game.score()
        other = _other_colour(game, colour)
        mine, theirs = float(s[colour]["total"]), float(s[other]["total"])
        if mine > theirs:
            return Verdict(True, f"Right: {game.variant.colour_word(colour)} leads now. "
                                 f"{_both_scores(game)}")
        gap = "a draw" if mine == theirs else f"{game.variant.colour_word(other)} still leads"
        if game.ruleset == "dendria-sprites":
            return Verdict(False, worded(game, "Not the lead: {gap}. {scores} The rule: a "
                                               "forest is worth its leafiness, the sum of "
                                               "every whole number up to its number "
                                               "of trees, and half a point goes to the "
                                               "larger forests: grow or capture a forest.",
                                         gap=gap, scores=_both_scores(game)))
        return Verdict(False, worded(game, "Not the lead: {gap}. {scores} The rule: each "
                                           "distinct size of your forests counts, a repeat "
                                           "adds nothing; a "
                                           "point for each size of which you have more "
                                           "forests, and half a point for the larger "
                                           "forests: grow or capture one that adds a new "
                                           "size.", gap=gap, scores=_both_scores(game)))
    return check


def ends_and_wins(colour: str) -> Check:
    """The turn ended the game, and ``colour`` won it."""
    def check(game: Game) -> Verdict:
        if not game.is_over:
            return Verdict(False, worded(game, "The game goes on: your turn held a {plant}, "
                                               "and a {plant} starts the count of turns "
                                               "without one again. Only a turn "
                                               "with no {plant} ends the game here."))
        outcome = game.outcome
        winner = outcome.winner if outcome is not None else None
        if winner == colour:
            return Verdict(True, f"Right: the game is over, ended by {game.end_reason}. "
                                 f"{game.variant.colour_word(colour)} wins. "
                                 f"{_both_scores(game)}")
        who = "it is a draw" if winner in (None, "draw") else \
            f"{game.variant.colour_word(winner)} wins"
        return Verdict(False, f"The game is over, ended by {game.end_reason}; but {who}. "
                              f"{_both_scores(game)} Ending the game is not enough: "
                              "grow or capture a forest on the way, so that you lead when "
                              "it ends.")
    return check


def sown_next_to(cell: str, colour: str) -> Check:
    """Sprites: the learner sowed a seed touching the sprite on ``cell``."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if not new:
            return Verdict(False, worded(game, "{Plant} a seed first: click an empty "
                                               "{soil}."))
        seed = new[-1]
        b = game.board
        if b.cell(seed) in b.neighbours[b.cell(cell)]:
            return Verdict(True, worded(game, "Right: your seed on {seed} touches the "
                                              "{dendrid} on {cell}, and none of your pieces "
                                              "next to it touch each other.", seed=seed,
                                        cell=cell))
        return Verdict(False, worded(game, "Your seed on {seed} does not touch the {dendrid} "
                                           "on {cell}: {plant} on an empty {soil} next to "
                                           "{cell}. The rule: your pieces next to a new "
                                           "seed must not touch each other.", seed=seed,
                                     cell=cell))
    return check


def lowest_stop(cell: str) -> Check:
    """Sprites: the learner's sprite on ``cell`` ended its journey on a cell
    of the lowest power it could reach this turn (asked of the engine on the
    board before the learner's turn)."""
    from .facts import QUERIES

    lowest: dict[str, int] = {}

    def check(game: Game) -> Verdict:
        moves = [k for k, st in enumerate(game.steps) if st.verb == "move"]
        if not moves or str(game.steps[moves[-1]].arg) != cell:
            return Verdict(False, worded(game, "Move your {dendrid} on {cell}: click it, "
                                               "then where it should go.", cell=cell))
        before = game.copy().go_to(moves[-1])
        key = before.position_string()
        if key not in lowest:
            lowest[key] = int(QUERIES["lowest_stop"](before, cell))
        slides = [str(st.arg) for st in game.steps[moves[-1]:] if st.verb == "slide"]
        end = slides[-1]
        power = explain.power(game)
        if power[end] == lowest[key]:
            return Verdict(True, worded(game, "Right: your {dendrid} ended on {end}, of power "
                                              "{p}, the lowest it could reach from {cell} "
                                              "(power {start}).", end=end, p=power[end],
                                        cell=cell, start=power[cell]))
        return Verdict(False, worded(game, "Your {dendrid} ended on {end}, of power {p}; a "
                                           "journey from {cell} could end on power {low}. "
                                           "The rule: a journey ends on a {soil} of lower power "
                                           "than where it started, unless it wins a tree: "
                                           "look along its lines, past what it may jump.",
                                     end=end, p=power[end], cell=cell, low=lowest[key]))
    return check


def fewest_lines() -> Check:
    """The seed the learner planted stands on a cell with the fewest lines
    of the board (a line for each direction that holds another cell)."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if not new:
            return Verdict(False, worded(game, "{Plant} a seed first: click an empty "
                                               "{soil}."))
        b = game.board

        def lines(cell: str) -> int:
            return sum(1 for ray in b.rays[b.cell(cell)] if ray)
        got = lines(new[0])
        fewest = min(lines(c) for c in b.names(b.plots))
        if got == fewest:
            return Verdict(True, worded(game, "Right: your seed on {cell} has {n} lines, the "
                                              "fewest a {soil} has on this board.", cell=new[0],
                                        n=got))
        return Verdict(False, worded(game, "Your seed on {cell} has {n} lines; a {soil} has as "
                                           "few as {fewest}. In the classic edition a {soil} on "
                                           "the edge has no line out of the board: look for "
                                           "the {soils} with the fewest neighbours.",
                                     cell=new[0], n=got, fewest=fewest))
    return check


def _placed(game: Game) -> tuple[Game, str] | None:
    """Hedu: the board just before the learner's last placement, and its cell."""
    at = [k for k, st in enumerate(game.steps) if st.verb == "place"]
    if not at:
        return None
    return game.copy().go_to(at[-1]), str(game.steps[at[-1]].arg)


def tallest_stack() -> Check:
    """Hedu: the learner's placement got the most pieces a placement could
    get on the board it was played on (one for each region next to it)."""
    def check(game: Game) -> Verdict:
        placed = _placed(game)
        if placed is None:
            return Verdict(False, "Place a stack first: click an empty plot.")
        before, cell = placed
        heights = hedu.placement_heights(before)
        got, most = heights[cell], max(heights.values())
        if got == most:
            return Verdict(True, f"Right: your stack on {cell} touches "
                                 f"{say.plural(got, 'region')} once it stands there, so it "
                                 f"got {say.plural(got, 'piece')}, the most a stack could get.")
        return Verdict(False, f"Your stack on {cell} touches {say.plural(got, 'region')} "
                              f"once it stands there, so it got {say.plural(got, 'piece')}; "
                              f"a stack could get {most}. A new stack gets a piece for each "
                              "region next to it: look for a plot that cuts a region apart.")
    return check


def _best_placement(query: str, value: Callable[[Game, Game, str], float],
                    words: Callable[[bool, str, float, float, Game], str]) -> Check:
    """Hedu: the learner's last placement scores ``value(game, before, cell)``
    as high as the engine's ``query`` says any placement could on the board
    it was played on; ``words(right, cell, got, best, game)`` says so."""
    from .facts import QUERIES

    def check(game: Game) -> Verdict:
        placed = _placed(game)
        if placed is None:
            return Verdict(False, "Place a stack first: click an empty plot.")
        before, cell = placed
        got, best = value(game, before, cell), float(QUERIES[query](before))
        right = got >= best
        return Verdict(right, words(right, cell, got, best, game))
    return check


def most_prisoners(colour: str) -> Check:
    """Hedu: the learner's placement took as many prisoners for ``colour``
    as any placement could on the board it was played on."""
    def said(right: bool, cell: str, got: float, most: float, game: Game) -> str:
        if right:
            return (f"Right: your stack on {cell} left enemy stacks next to "
                    f"fewer regions, and they shrank: "
                    f"{say.plural(int(got), 'prisoner')}, the most a placement takes "
                    "here.")
        told = (f"Your stack on {cell} took {say.plural(int(got), 'prisoner')}; a "
                f"placement could take {int(most)}. An enemy stack taller than its count "
                "of regions shrinks to it: cut or close their regions.")
        # what the learner may not have seen: the placement shrank stacks of
        # their own, prisoners for the other colour
        placed = _placed(game)
        other = next(c for c in game.variant.colours if c != colour)
        before = placed[0] if placed is not None else game
        given = hedu_prisoners(game, other) - hedu_prisoners(before, other)
        if given > 0:
            shrank = sorted(c for c, p in before.pieces.items()
                            if c != cell and str(p).split()[0] == colour
                            and game.pieces.get(c) != p
                            and _height(game.pieces.get(c)) < _height(p))
            told += (f" And after the enemy's stacks, your own shrank too: your "
                     f"{'stack' if len(shrank) == 1 else 'stacks'} on {words(shrank)} gave "
                     f"{game.variant.colour_word(other)} "
                     f"{say.plural(given, 'prisoner')}.")
        return told
    return _best_placement(
        "most_prisoners",
        lambda game, before, cell: hedu_prisoners(game, colour) - hedu_prisoners(before, colour),
        said)


def protected(cell: str, colour: str) -> Check:
    """The forest holding ``cell`` is still ``colour``'s, and protected:
    ``colour`` fertilizes every fertile {soil} of it."""
    def check(game: Game) -> Verdict:
        group = next((g for g in explain.groups(game) if cell in g["cells"]), None)
        if group is None or group["kind"] != "forest" or group["colour"] != colour:
            return Verdict(False, worded(game, "The forest on {cell} is no longer yours: "
                                               "it changed hands, or left the board.",
                                         cell=cell))
        if not group["fertile_soils"]:
            # a forest with no fertile soil is judged by the dendrids it sees
            seen = group.get("sees_dendrids", {})
            sight = {"cell": cell, "mine": seen.get(colour, 0),
                     "theirs": seen.get(_other_colour(game, colour), 0)}
            if group["protected"]:
                return Verdict(True, worded(game, "Right: your forest on {cell} has no fertile "
                                                  "{soil}, and it sees {mine} of your "
                                                  "{dendrids} against {theirs}: it is "
                                                  "protected now.", **sight))
            return Verdict(False, worded(game, "Your forest on {cell} has no fertile {soil}, "
                                               "and it sees {mine} of your {dendrids} against "
                                               "{theirs}: such a forest is protected when it "
                                               "sees more of its owner's.", **sight))
        if group["protected"]:
            return Verdict(True, worded(game, "Right: your forest on {cell} is protected now: "
                                              "you fertilize every one of its fertile "
                                              "{soils}.", cell=cell))
        missing = [c for c, who in group["fertile_soils"].items() if colour not in who]
        return Verdict(False, worded(game, "Your forest on {cell} is still not protected: "
                                           "you do not fertilize {n} of it. The rule: a "
                                           "forest with fertile {soils} is protected when its "
                                           "owner fertilizes every one of them.",
                                     cell=cell, n=say.plural(len(missing), "fertile "
                                                             + edition_fields(game)["soil"])))
    return check


def most_controlled(colour: str) -> Check:
    """Hedu: after the learner's placement ``colour`` controls as many
    regions as any placement could give it on the board it was played on."""
    def words(right: bool, cell: str, got: float, most: float, game: Game) -> str:
        if right:
            return (f"Right: after your stack on {cell} you control "
                    f"{say.plural(int(got), 'region')}, the most a placement gives "
                    "you here.")
        return (f"After your stack on {cell} you control "
                f"{say.plural(int(got), 'region')}; a placement could give you "
                f"{say.plural(int(most), 'region')}. A region is controlled by the player whose list of "
                "groups next to it, largest first, is greater: look for a "
                "region where a new stack tips the lists your way.")
    return _best_placement(
        "most_controlled",
        lambda game, before, cell: int(game.score()[colour]["controlled_regions"]), words)


def no_room() -> Check:
    """Hedu: after the learner's placement some empty plot can take no stack
    (a stack there would touch no region)."""
    def check(game: Game) -> Verdict:
        placed = _placed(game)
        if placed is None:
            return Verdict(False, "Place a stack first: click an empty plot.")
        _, cell = placed
        zero = [c for c, h in hedu.plot_heights(game).items() if h == 0]
        if zero:
            return Verdict(True, f"Right: after your stack on {cell}, a stack on "
                                 f"{words(zero)} would touch no region: nobody may place "
                                 "there.")
        return Verdict(False, f"After your stack on {cell} every empty plot still touches a "
                              "region once a stack stands on it. A stack gets a piece for "
                              "each region next to it, and none is no stack: look for an "
                              "empty plot that would be a region of its own.")
    return check


def grown_after_sprout(cell: str, colour: str) -> Check:
    """The group holding ``cell`` became ``colour``'s (grown or captured)
    after a sprout earlier in the same turn: the drill on a step judged on
    the board the steps before it made."""
    grow = grown(cell, colour)

    def check(game: Game) -> Verdict:
        verdict = grow(game)
        steps = list(game.steps)
        start = max((k for k, s in enumerate(steps) if s.verb in ("move", "plant", "sow")),
                    default=0)
        turn = steps[start:]
        group = next((g["cells"] for g in explain.groups(game) if cell in g["cells"]), [cell])
        took = next((k for k, s in enumerate(turn)
                     if s.verb in ("grow", "capture") and s.arg in group), None)
        sprouts = [k for k, s in enumerate(turn) if s.verb == "sprout"]
        if not verdict.ok:
            if not sprouts:
                return Verdict(False, verdict.message + worded(
                    game, " No seed sprouted on the way: the rule this drill practises is "
                          "that a {dendrid} sprouted at a stop fertilizes at once, and the "
                          "next step is judged on that new board."))
            return verdict
        if took is None or not any(k < took for k in sprouts):
            return Verdict(False, worded(game, "The group on {cell} is yours, but no seed "
                                               "sprouted before it changed: this drill asks "
                                               "for a sprout first, and the group judged on "
                                               "the board the sprout made.", cell=cell))
        return verdict
    return check


def sown_on_closed_lines() -> Check:
    """Sprites: the learner sowed a seed where every line that holds a soil
    ends on a piece (hungry only along its lines that leave the board at
    once: a cell on the edge always sees the edge)."""
    def check(game: Game) -> Verdict:
        new = planted(game)
        if not new:
            return Verdict(False, worded(game, "{Plant} a seed first: click an empty "
                                               "{soil}."))
        cell = new[-1]
        roots = explain.roots(after_planting(game), cell)
        open_lines = [r for r in roots if r["cells"] and r["sees_edge"]]
        off = [r for r in roots if not r["cells"]]
        if not open_lines:
            return Verdict(True, worded(game, "Right: every line of {cell} that holds a "
                                              "{soil} ends on a piece, and its {n} "
                                              "straight out of the board {see} the edge: "
                                              "that is why it was hungry.", cell=cell,
                                        n=say.plural(len(off), "line"),
                                        see="sees" if len(off) == 1 else "see"))
        ways = words([say.DIRECTION_WORDS[r["direction"]] for r in open_lines])
        return Verdict(False, worded(game, "Your seed on {cell} sees the edge across the "
                                           "board: no piece stands on its {n} to the "
                                           "{ways}. This drill asks for a {soil} whose "
                                           "lines into the board all end on a piece, so "
                                           "that only the rule of the edge makes it "
                                           "hungry: a {soil} on the edge always sees the "
                                           "edge.",
                                     cell=cell, ways=ways,
                                     n=("line" if len(open_lines) == 1 else
                                        f"{number_word(len(open_lines))} lines")))
    return check


def most_region_value(colour: str) -> Check:
    """Hedu: after the learner's placement the regions ``colour`` controls
    are worth as much as any placement could make them on the board it was
    played on."""
    def words(right: bool, cell: str, got: float, most: float, game: Game) -> str:
        if right:
            return (f"Right: after your stack on {cell} the regions you "
                    f"control are worth {say.plural(int(got), 'point')}, the most a "
                    "placement gives you here.")
        return (f"After your stack on {cell} the regions you control are "
                f"worth {say.plural(int(got), 'point')}; a placement could make "
                f"them worth {int(most)}. The rule: a region is worth the height "
                "of its controller's highest group next to it.")
    return _best_placement(
        "most_region_value",
        lambda game, before, cell: int(game.score()[colour]["regions"]), words)


def best_score(colour: str) -> Check:
    """Hedu: after the learner's placement ``colour``'s score is as high as
    any placement could make it on the board it was played on."""
    def words(right: bool, cell: str, got: float, best: float, game: Game) -> str:
        s = game.score()[colour]
        parts = (f"regions worth {say.plural(int(s['regions']), 'point')}, "
                 f"{say.plural(int(s['prisoners']), 'prisoner')}"
                 + (", and the half point" if s["largest_groups_bonus"] else ", no half point"))
        if right:
            return (f"Right: after your stack on {cell} your score is "
                    f"{got:g} ({parts}), the highest a placement "
                    "gives you here.")
        return (f"After your stack on {cell} your score is {got:g} "
                f"({parts}); a placement could make it {best:g}. "
                "The rule: the score adds the worth of the regions you "
                "control, your prisoners and the half point; weigh them "
                "together.")
    return _best_placement(
        "best_score", lambda game, before, cell: float(game.score()[colour]["total"]), words)


def sprouted_first(cell: str, colour: str) -> Check:
    """The seed on ``cell`` sprouted into ``colour``'s sprite before the
    journey's first slide (as the move started)."""
    sprout = sprouted(cell, colour)

    def check(game: Game) -> Verdict:
        verdict = sprout(game)
        verbs = [str(st.verb) for st in game.steps]
        at = f"sprout {cell}"
        done = [k for k, st in enumerate(game.steps) if str(st) == at]
        slid = [k for k, v in enumerate(verbs) if v == "slide"]
        if not verdict.ok:
            if slid and not done:
                return Verdict(False, worded(game, verdict.message + " Your {dendrid} "
                                                   "slid away first: you may sprout as "
                                                   "soon as the move starts, with the "
                                                   "{dendrid} where it stands."))
            return verdict
        if slid and done and done[0] > slid[0]:
            return Verdict(False, worded(game, "The seed on {cell} sprouted, but after "
                                               "a slide: this drill asks for the sprout "
                                               "as the move starts, before any "
                                               "slide.", cell=cell))
        return verdict
    return check


def _height(piece: object) -> int:
    """Hedu: the height of a stack ('black 3'), 0 for no stack."""
    return int(str(piece).split()[-1]) if piece else 0


def hedu_prisoners(game: Game, colour: str) -> int:
    """Hedu: how many prisoners ``colour`` holds."""
    return int(game.position().get("prisoners", {}).get(colour, 0))


__all__ = [
    "after_planting",
    "learner",
    "edge_lines",
    "ends_and_wins",
    "lowest_stop",
    "fewest_lines",
    "leads",
    "sown_next_to",
    "enclosed",
    "fertilized_by",
    "grown",
    "not_fertilized",
    "nourished",
    "piece_is",
    "prisoners_taken",
    "sprouted",
    "sprite_taken",
    "sprouted_many",
    "stack_height",
    "tallest_stack",
    "most_prisoners",
    "most_controlled",
    "no_room",
    "sprouted_first",
    "protected",
    "sown_on_closed_lines",
    "grown_after_sprout",
    "most_region_value",
    "best_score",
]


def turn_not_played(game: Game, turns_before: int) -> Verdict | None:
    """A verdict when the learner has not yet played a whole turn after the
    exercise's first ``turns_before`` turns, else None."""
    if game.turn_under_way:
        return Verdict(False, "Your turn is not finished yet: press End turn first.")
    if len(game.history) <= turns_before:
        return Verdict(False, "Play your turn on the board first.")
    return None
