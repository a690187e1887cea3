"""What every game's tools at the table share: the refusal they raise and the language they
answer in. A tool stores nothing; it reads a request, asks its game's engine and explains the
answer."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from .models import LANGS


class ToolError(Exception):
    """The request cannot be judged; `errors` in the API's `{field, code, message}` shape."""

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__(errors)
        self.errors = errors


def tool_lang(value: Any) -> str:
    """The answer's language: the request's `lang`, else the active language, else English."""
    code = str(value or translation.get_language() or "en")[:2].lower()
    return code if code in LANGS else "en"
