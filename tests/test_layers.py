"""The layering rule, read from the source: the apps ask the engine through
``Game`` and tell the rulesets apart by ``game.variant.family``; nothing
outside ``rules/`` tests ``rules.game``."""

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
