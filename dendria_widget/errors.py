"""Errors raised by dendria_widget.

Every error carries a message written for a person: it names what was wrong
(the cell, the option, the step) and, for refused steps, why in the words of
the rules (an :class:`IllegalStep` also carries that reason as data).
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
    """A step the rules refuse here. ``str(error)`` is the reason, in the
    edition's words.

    ``refusal`` is the reason as data (a
    :class:`~dendria_widget.rules.refusal.Refusal`: ``code`` and facts), or
    None when the step could not even be read (an unknown verb, a cell that
    is no cell). ``reason`` is the message. The game that refused the step is
    left exactly as it was.
    """

    def __init__(self, reason: object, step: object = None, refusal: object = None) -> None:
        if refusal is None and hasattr(reason, "code") and hasattr(reason, "facts"):
            refusal = reason          # the engine's Refusal itself
        text = str(reason)
        super().__init__(text)
        self.reason = text
        self.step = step
        self.refusal = refusal
