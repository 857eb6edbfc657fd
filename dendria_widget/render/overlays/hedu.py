"""Hedu's overlays, one unit a file (see :mod:`dendria_widget.render.overlays`),
registered in button order: regions, heights and the placement preview."""

from . import regions, heights, preview  # noqa: F401
