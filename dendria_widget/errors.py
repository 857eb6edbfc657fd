"""Errors raised by dendria_widget.

Every error carries a message written for a person: it names what was wrong
(the cell, the option, the step) and, for refused steps, why in the words of
the rules.
"""


class DendriaError(ValueError):
    """Base class of every error this package raises on bad input."""


class UnknownCell(DendriaError):
    """A cell name (or coordinate) that is not a plot of the board."""


class BadBoard(DendriaError):
    """A board specification that cannot be built (size, modules, ...)."""


class BadRules(DendriaError):
    """An unknown ruleset, option name or option value."""


class BadPosition(DendriaError):
    """A position (string or dict) that cannot be read."""


class BadRecord(DendriaError):
    """A game record that cannot be read or does not replay."""


class BadFile(DendriaError):
    """A file name that does not name a file to read or write."""


class IllegalStep(DendriaError):
    """A step the rules refuse here. ``str(error)`` is the reason.

    The game that refused the step is left exactly as it was.
    """

    def __init__(self, reason, step=None):
        super().__init__(reason)
        self.reason = reason
        self.step = step
