"""The API's request parsers: DRF's JSON, form and multipart parsers, refusing a body with text
no database column can hold, in any key or value at any depth: a NUL character, or a lone
surrogate (U+D800–U+DFFF, which JSON's "\\ud800" escape can carry but UTF-8 cannot encode).

Such a body used to reach the database, or the JSON writer of the deal write path, and fail
there (a 500) wherever a view keeps text as it came: a deal's extra keys, a correction's
reason, a tournament import's names. DRF's serializer fields refuse both already, with the
codes `null_characters_not_allowed` and `surrogate_characters_not_allowed`; this refuses them,
with the same codes, for every view, before any of them reads the body.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers

_SURROGATE = re.compile("[\ud800-\udfff]")


class NullCharacters(exceptions.ParseError):
    default_detail = _("Null characters are not allowed.")
    default_code = "null_characters_not_allowed"


class SurrogateCharacters(exceptions.ParseError):
    default_code = "surrogate_characters_not_allowed"

    def __init__(self, character: str) -> None:
        # DRF's own wording (and so its translations), as its serializer fields say it.
        message = _("Surrogate characters are not allowed: U+{code_point:X}.")
        super().__init__(str(message).format(code_point=ord(character)))


def texts(value: Any) -> Iterator[str]:
    """Every text in `value` (a parsed JSON document or form), keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, MultiValueDict):
        for key, items in value.lists():
            yield from texts(key)
            yield from texts(items)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from texts(key)
            yield from texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts(item)


def check_text(data: Any) -> Any:
    """`data`, or ParseError when some text in it cannot be stored."""
    for text in texts(data):
        if "\x00" in text:
            raise NullCharacters()
        surrogate = _SURROGATE.search(text)
        if surrogate:
            raise SurrogateCharacters(surrogate.group())
    return data


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        return check_text(super().parse(stream, media_type, parser_context))


class FormParser(parsers.FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        return check_text(super().parse(stream, media_type, parser_context))


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        result = super().parse(stream, media_type, parser_context)
        check_text(result.data)  # the fields' text; uploaded files are bytes and may hold NUL
        return result
