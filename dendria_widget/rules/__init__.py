"""Rules engines: one per game, options per edition (docs/rules.md)."""

from types import ModuleType

from .options import DEFAULTS, RULESETS, Rules, option_specs, resolve_rules

__all__ = ["DEFAULTS", "RULESETS", "Rules", "option_specs", "resolve_rules", "engine_for"]


def engine_for(rules: Rules) -> ModuleType:
    """The engine module of a Rules' game (dendria or hedu)."""
    if rules.game == "hedu":
        from . import hedu
        return hedu
    from . import dendria
    return dendria
