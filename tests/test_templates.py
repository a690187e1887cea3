"""No template prints its own comment: Django's `{# #}` ends on the line it starts, so a
comment written over two lines is shown to the visitor as text (the scorer's page of every
game showed one above its deal form). Longer comments use `{% comment %}`."""

from __future__ import annotations

import sys
from pathlib import Path

from django.conf import settings
from django.template import engines
from django.template.base import Lexer, TokenType

ROOT = Path(settings.BASE_DIR)


def _our_templates() -> list[Path]:
    """Every template folder Django reads (its DIRS and each app's templates/) that is ours,
    the games' folders included: not those of installed libraries."""
    folders = [
        Path(d)
        for d in engines["django"].template_dirs
        if Path(d).is_relative_to(ROOT) and not Path(d).is_relative_to(sys.prefix)
    ]
    return sorted(
        p
        for folder in folders
        if folder.is_dir()
        for p in folder.rglob("*")
        if p.suffix in (".html", ".js", ".txt")  # the service worker is a template too
    )


def _printed_comments(source: str) -> list[str]:
    return [
        token.contents.strip()[:60]
        for token in Lexer(source).tokenize()
        if token.token_type == TokenType.TEXT and "{#" in token.contents
    ]


def test_the_scan_finds_the_templates_and_a_comment_over_two_lines():
    assert len(_our_templates()) > 50
    assert (
        _printed_comments("{# one line #}<p>{{ x }}</p>{% comment %}\nlong\n{% endcomment %}") == []
    )
    assert _printed_comments("{# over\n two lines #}<p></p>") == ["{# over\n two lines #}<p></p>"]


def test_no_template_prints_a_comment():
    printed = {
        str(path.relative_to(ROOT)): found
        for path in _our_templates()
        if (found := _printed_comments(path.read_text(encoding="utf-8")))
    }
    assert printed == {}
