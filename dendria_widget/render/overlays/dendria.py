"""Dendria's overlays, one unit a file (see :mod:`dendria_widget.render.overlays`),
registered in button order: roots, nutrients, fertilization, fertile soils,
conversions and power."""

from . import roots, nutrients, fertilization, fertile, conversions, power  # noqa: F401
