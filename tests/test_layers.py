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
