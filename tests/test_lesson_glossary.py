"""Every term defined before use: each term of the glossary
(``dendria_widget/lessons/glossary.py``) is defined on one page of one
lesson, and no page, prompt or hint uses it before that page, in the
learning order (the catalog's lessons, each page in turn)."""

from __future__ import annotations

import re

import pytest

from dendria_widget.lessons import Exercise, catalog
from dendria_widget.lessons.facts import lesson_number
from dendria_widget.lessons.glossary import GLOSSARY, uses

LESSONS = catalog()


def _stem(name: str) -> str:
    return name[3:]


def _pages():
    """Every page in learning order: (position, lesson, k, its words)."""
    at = 0
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            words = [page.title, page.text]
            if isinstance(page, Exercise):
                words += [page.prompt, page.hint]
            yield at, lesson, k, "\n".join(w for w in words if w)
            at += 1


PAGES = list(_pages())


def defining_page(term: str):
    """(position, lesson, k) of the page that defines ``term``."""
    t = GLOSSARY[term]
    found = [(at, lesson, k) for at, lesson, k, _ in PAGES
             if _stem(lesson.name) == t.stem and lesson.page(k).title == t.page]
    assert len(found) == 1, f"{term}: the glossary's page {t.page!r} of {t.stem} " \
                            f"is found {len(found)} times"
    return found[0]


def early_uses(term: str, pages=PAGES) -> list[str]:
    """The pages before ``term``'s defining page (in ``pages``' order) that use it."""
    at = next(i for i, (_, lesson, k, _) in enumerate(pages)
              if (lesson, k) == defining_page(term)[1:])
    return [f"{lesson.name} page {k + 1} ({lesson.page(k).title})"
            for _, lesson, k, words in pages[:at] if uses(words, term)]


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_every_term_is_defined_on_its_page(term):
    """The defining page names the term in bold (its first word form, or the
    edition's word in a field)."""
    _, lesson, k = defining_page(term)
    page = lesson.page(k)
    lesson_number(GLOSSARY[term].stem)        # (the stem is a lesson's)
    bold = re.findall(r"\*\*([^*]+)\*\*", page.text)
    assert any(uses(b, term) for b in bold), \
        f"{term!r} is not in bold on {lesson.name} page {k + 1} ({page.title}): {bold}"


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_no_term_is_used_before_its_page(term):
    early = early_uses(term)
    assert not early, f"{term!r} (defined on {GLOSSARY[term].stem}, " \
                      f"{GLOSSARY[term].page!r}) is used before:\n" + "\n".join(early)


def test_the_check_finds_a_term_used_too_early():
    """Moved before the lesson that defines it, a page that uses a term is
    caught."""
    term = "seedbed"
    at, _, _ = defining_page(term)
    user = next(p for p in PAGES[at + 1:] if uses(p[3], term))
    moved = [user] + [p for p in PAGES if p is not user]
    assert early_uses(term, moved) == [f"{user[1].name} page {user[2] + 1} "
                                       f"({user[1].page(user[2]).title})"]
    assert uses("Two seedbeds grow.", "seedbed") and not uses("A seed.", "seedbed")
    assert uses("It is Sown.", "sow") and not uses("sowing-machine", "sow")
