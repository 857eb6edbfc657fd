"""The layering rule, read from the source: the apps ask the engine through
``Game`` (never a game's engine ``state``) and tell the rulesets apart by
``game.variant.family``; nothing outside ``rules/`` tests ``rules.game``."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dendria_widget"


def _modules(exclude=()):
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if "_bundled" in path.parts or any(rel.startswith(x) for x in exclude):
            continue
        yield rel, ast.parse(path.read_text(encoding="utf-8"), rel)


def _rules_game(tree):
    """Lines that read ``<...>rules.game`` (the engine family's name)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "game":
            inner = node.value
            name = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
            if name in ("rules", "rules_obj"):
                out.append(node.lineno)
    return out


def test_the_finder_sees_a_rules_game_test():
    tree = ast.parse('if game.rules.game == "hedu" or rules.game:\n    pass\n')
    assert _rules_game(tree) == [1, 1]
    assert _rules_game(ast.parse('game.variant.family == "hedu"; board.game')) == []


def test_nothing_outside_the_rules_tests_rules_game():
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("rules/",))
             for line in _rules_game(tree)]
    assert not found, ("these lines test the engine family by rules.game; ask "
                       f"game.variant.family instead: {', '.join(found)}")


def _state_reads(tree):
    """Lines that read a ``.state`` or ``.engine`` attribute of something
    other than ``self`` (a Game's engine state, or its engine module)."""
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("state", "engine")
            and not (isinstance(node.value, ast.Name) and node.value.id == "self")]


def test_the_finder_sees_an_engine_state_read():
    tree = ast.parse("st = game.state\nself.game.state.legal()\nself.state = {}\n"
                     "c = game.engine.State.COLOURS\n")
    assert _state_reads(tree) == [1, 2, 4]


def test_the_apps_ask_the_game_not_its_engine_state():
    # the engine (rules/), its facade (game.py) and the explanations, which
    # read the engine's facts for every view, may; nothing above them does
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("rules/", "explain/", "game.py"))
             for line in _state_reads(tree)]
    assert not found, ("these lines read a game's engine (state or module); ask the Game "
                       f"(add a query to game.py if it has none): {', '.join(found)}")


# ------------------------------------------------ no English is parsed back
#: names whose value is the engine's English: a reason, a refusal, an ending
_WORDS_OF_THE_ENGINE = ("reason", "refus", "why_illegal", "end_reason", "message")


def _ident(node):
    """The identifier a value is read from: 'reason' for ``reason``,
    ``e.reason``, ``game.why_illegal(x)`` or ``conv["sprout"][c]``'s name."""
    while isinstance(node, (ast.Call, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return getattr(node, "id", "")


def _holds_words(iterable):
    """Does a loop over this expression yield the engine's words? (reasons,
    refusals, or the reason maps of explain's conversions: ``conv["sprout"]``)"""
    text = ast.unparse(iterable).lower()
    return (any(w in text for w in _WORDS_OF_THE_ENGINE)
            or "['sprout'].values()" in text or '["sprout"].values()' in text)


def _parses_english(tree):
    """Lines that test the engine's words: ``"x" in reason``,
    ``reason.startswith(...)``, ``re.search(..., reason)``, and ``"x" in r``
    where ``r`` runs over reasons."""
    tainted = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.comprehension)) and _holds_words(node.iter):
            tainted.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str)
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)):
            name = _ident(node.comparators[0])
            if name in tainted:
                name = "reason"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if f.attr in ("startswith", "endswith", "find", "index", "count", "split"):
                name = _ident(f.value)
            elif isinstance(f.value, ast.Name) and f.value.id == "re":
                name = " ".join(_ident(a) for a in node.args)
            else:
                continue
        else:
            continue
        if any(w in name.lower() for w in _WORDS_OF_THE_ENGINE):
            out.append(node.lineno)
    return out


def test_the_finder_sees_english_parsed_back():
    code = ('if "move limit" in game.end_reason: pass\n'
            'n = sum(1 for r in conv["sprout"].values() if r and "hungry" in r)\n'
            'ok = e.reason.startswith("the")\n'
            'm = re.search("x", why_illegal(s))\n'
            'if "a" in reason: pass\n'
            'if "dark" in colours or refusal.code == "hungry": pass\n')
    assert sorted(_parses_english(ast.parse(code))) == [1, 2, 3, 4, 5]


def test_no_english_is_parsed_anywhere():
    """The engine refuses with a Refusal (a code and facts) and ends with an
    Outcome; nothing in the package reads its words back."""
    found = [f"{rel}:{line}" for rel, tree in _modules() for line in _parses_english(tree)]
    assert not found, ("these lines test the engine's English; ask the Refusal's code or "
                       f"the game's outcome instead: {', '.join(found)}")


# ------------------------------------------------ one place for each fact
def _ray_walks(tree):
    """Lines that walk one ray of the board (``for j in board.rays[i][d]``,
    or a comprehension over it): the engine's and the geometry's business."""
    out = []
    for node in ast.walk(tree):
        iters = []
        if isinstance(node, ast.For):
            iters = [node.iter]
        elif isinstance(node, ast.comprehension):
            iters = [node.iter]
        for it in iters:
            if (isinstance(it, ast.Subscript) and isinstance(it.value, ast.Subscript)
                    and isinstance(it.value.value, ast.Attribute)
                    and it.value.value.attr == "rays"):
                out.append(it.lineno)
    return out


def test_the_finder_sees_a_ray_walk():
    code = ("for j in b.rays[p][d]:\n    pass\n"
            "seen = [j for j in board.rays[i][d]]\n"
            "edge = any(not ray for ray in b.rays[i])\n")
    assert _ray_walks(ast.parse(code)) == [1, 3]


def test_only_the_engine_and_the_geometry_walk_rays():
    """What a dendrid fertilizes, where a root ends, what a slide reaches:
    asked of the engine (``lit_by``, ``roots``, ``slide_targets``), never
    found again by walking the board's rays (game.py names a journey's line)."""
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("rules/", "geometry.py",
                                                                  "game.py"))
             for line in _ray_walks(tree)]
    assert not found, f"these lines walk the board's rays; ask the engine: {', '.join(found)}"


def _dilations(tree):
    """Lines that dilate a bitboard by hand: six or more shifts or-ed
    together (the six neighbours of every hex at once)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            shifts = sum(1 for m in ast.walk(node) if isinstance(m, ast.BinOp)
                         and isinstance(m.op, (ast.LShift, ast.RShift)))
            if shifts >= 6:
                out.add(node.lineno)
    return sorted(out)


def test_the_finder_sees_a_dilation():
    code = ("x = (b | b << 1 | b >> 1 | b << t | b >> t | b << s | b >> s) & m\n"
            "y = a << 1 | a >> 1\n")
    assert _dilations(ast.parse(code)) == [1]


def test_only_the_geometry_dilates_a_bitboard():
    """The six neighbours of a set of hexes are the geometry's (``dilate``,
    ``spread``, ``around``, ``group``): written once, not again in an engine
    or a view."""
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("geometry.py",))
             for line in _dilations(tree)]
    assert not found, f"these lines dilate by hand; ask the Board: {', '.join(found)}"


def _verb_tables(tree):
    """Lines that define a table of the cell verbs again: a module-level
    name bound to a tuple or list holding plant, sprout, grow, capture, move
    and slide (a display order inside a function is not a table)."""
    verbs = {"plant", "sprout", "grow", "capture", "move", "slide"}
    return [node.lineno for node in tree.body
            if isinstance(node, (ast.Assign, ast.AnnAssign))
            and isinstance(node.value, (ast.Tuple, ast.List))
            and verbs <= {e.value for e in node.value.elts if isinstance(e, ast.Constant)}]


def test_the_cell_verbs_are_written_once():
    """notation.py says which verbs name a cell (DENDRIA_CELL_VERBS,
    CELL_VERBS); the engines and the views import them."""
    assert _verb_tables(ast.parse('V = ("plant", "sprout", "grow", "capture", "move", '
                                  '"slide", "place")')) == [1]
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("notation.py",))
             for line in _verb_tables(tree)]
    assert not found, f"these lines list the cell verbs again; import them: {', '.join(found)}"


# ------------------------------------------------ no prose reworded by regex
#: The words an edition changes (rules/variant.py): a sentence that swaps one
#: for another after it was written is a rewording, not a sentence written
#: once with the edition's words (lessons.framework.worded).
_EDITION_WORDS = ("plant", "sow", "soil", "plot", "dendrid", "sprite", "seedbed", "forest",
                  "host", "stack")


def _rewords(tree):
    """Lines that reword prose after the fact: a regex substitution
    (``re.sub``, ``re.subn``, ``pattern.sub``) whose replacement is not a
    constant string (a function or a table lookup picks the new words) or
    whose pattern is built at run time or matches words (``\\b``); and a
    ``str.replace`` of an edition's word."""
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        f = node.func
        if f.attr in ("sub", "subn"):
            via_re = isinstance(f.value, ast.Name) and f.value.id == "re"
            args = node.args[1:] if via_re else node.args
            pattern = node.args[0] if via_re and node.args else None
            replacement = args[0] if args else None
            if replacement is None:
                continue
            constant = isinstance(replacement, ast.Constant) and isinstance(replacement.value, str)
            words = (pattern is not None and not (isinstance(pattern, ast.Constant)
                                                 and isinstance(pattern.value, str))
                     or isinstance(pattern, ast.Constant) and isinstance(pattern.value, str)
                     and "\\b" in pattern.value)
            if not constant or words:
                out.append(node.lineno)
        elif f.attr == "replace" and node.args:
            old = node.args[0]
            if (isinstance(old, ast.Constant) and isinstance(old.value, str)
                    and any(w in old.value.lower() for w in _EDITION_WORDS)):
                out.append(node.lineno)
    return out


def test_the_finder_sees_a_rewording():
    code = ('pattern = re.compile(r"\\b(" + "|".join(table) + r")\\b")\n'
            'text = pattern.sub(lambda m: table[m.group(1)], text)\n'
            'text = re.sub(r"\\bplant\\b", "sow", text)\n'
            'text = re.sub("plant|soil", word, text)\n'
            'text = text.replace("dendrid", "sprite")\n'
            'svg = re.sub(r" data-tag=(\'[^\']*\')", "", svg)\n'
            'text = re.sub(r"[ \\t]{2,}", " ", text)\n'
            'name = name.replace("_", " ")\n')
    assert _rewords(ast.parse(code)) == [2, 3, 4, 5]


def test_no_prose_is_reworded_after_it_is_written():
    """Each sentence is written once with the edition's words as fields
    (explain/refusals.py, lessons.framework.worded): nothing in the package
    rewrites written prose into another edition's words."""
    found = [f"{rel}:{line}" for rel, tree in _modules() for line in _rewords(tree)]
    assert not found, ("these lines reword prose after it was written; write the sentence "
                       f"once with the edition's words instead: {', '.join(found)}")


def _phase_sets(tree):
    """Lines that test a phase against several phase names at once
    (``phase in ("plant", "move")``): a rule question (is a turn under way?
    are the sides being chosen?) answered again outside the engine."""
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Compare) and _ident(node.left) == "phase"
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
                and any(isinstance(c, (ast.Tuple, ast.List, ast.Set)) for c in node.comparators)):
            out.append(node.lineno)
    return out


def test_the_finder_sees_a_phase_set():
    code = ('if game.phase in ("plant", "move"):\n    pass\n'
            'ok = phase not in {"komi", "side"}\n'
            'x = game.phase == "move"\n')
    assert _phase_sets(ast.parse(code)) == [1, 3]


def test_only_the_engine_and_the_game_group_phases():
    """Whose turn is under way, whether the sides are being chosen: asked of
    ``Game`` (``turn_under_way``, ``choosing_sides``), never by a tuple of
    phase names outside ``rules/`` and ``game.py``."""
    found = [f"{rel}:{line}" for rel, tree in _modules(exclude=("rules/", "game.py"))
             for line in _phase_sets(tree)]
    assert not found, ("these lines group phase names; ask Game (turn_under_way, "
                       f"choosing_sides): {', '.join(found)}")


# ------------------------------------------------ the layers' import table
#: CONTRIBUTING.md's table: each layer's files (paths under the package);
#: a module imports only its own layer and those below (the two lazy
#: imports one layer up that CONTRIBUTING.md names are the exceptions)
LAYERS = (
    ("geometry", ("geometry.py", "boards.py", "errors.py", "checks.py")),
    ("rules", ("rules/", "notation.py", "game.py")),
    ("explain", ("explain/",)),
    ("render", ("render/",)),
    ("session", ("session/", "interaction.py")),
    ("apps", ("widget/", "lessons/", "puzzles/", "players.py", "lab.py", "analyze.py",
              "__main__.py")),
)
#: imports one layer up on purpose (CONTRIBUTING.md: the words of a refusal,
#: an ending and a game's picture are asked for when needed)
LAZY_UP = {("rules/refusal.py", "explain/refusals.py"), ("game.py", "explain/refusals.py"),
           ("game.py", "render/svg.py")}


def _layer(rel):
    for k, (_name, files) in enumerate(LAYERS):
        if any(rel == f or rel.startswith(f) for f in files if f.endswith("/")) or rel in files:
            return k
    return None


def _imported(rel, tree):
    """(line, module path under the package) of each relative import."""
    parts = rel.split("/")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
            names = (node.module or "").split(".") if node.module else []
            target = "/".join(base + names)
            for alias in node.names if not node.module else [None]:
                path = target + ("/" + alias.name if alias is not None else "")
                for cand in (path + ".py", path + "/__init__.py"):
                    if (PACKAGE / cand).exists():
                        out.append((node.lineno, cand))
                        break
    return out


def test_the_table_places_the_puzzles_with_the_apps():
    assert _layer("puzzles/trainer.py") == _layer("lessons/widget.py") == len(LAYERS) - 1
    assert _layer("session/board.py") < _layer("puzzles/trainer.py")
    tree = ast.parse("from ..session.board import BoardSession\nfrom ..puzzles import bank\n")
    assert [p for _l, p in _imported("explain/x.py", tree)] == ["session/board.py",
                                                                "puzzles/__init__.py"]


def test_each_layer_imports_only_its_own_and_those_below():
    found = []
    for rel, tree in _modules():
        mine = _layer(rel)
        if mine is None:
            continue
        for line, target in _imported(rel, tree):
            theirs = _layer(target)
            if theirs is not None and theirs > mine and (rel, target) not in LAZY_UP:
                found.append(f"{rel}:{line} imports {target}")
    assert not found, "these imports go up a layer: " + ", ".join(found)
