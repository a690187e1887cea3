"""The API's request parsers: DRF's JSON, form and multipart parsers, refusing a body with text
no database column can hold, in any key or value at any depth: a NUL character, or a lone
surrogate (U+D800–U+DFFF, which JSON's "\\ud800" escape can carry but UTF-8 cannot encode).

Such a body used to reach the database, or the JSON writer of the deal write path, and fail
there (a 500) wherever a view keeps text as it came: a deal's extra keys, a correction's
reason, a tournament import's names. DRF's serializer fields refuse both already, with the
codes `null_characters_not_allowed` and `surrogate_characters_not_allowed`; this refuses them,
with the same codes, for every view, before any of them reads the body.

They also bound what a body may be (issue 17): its size (a view's `max_body_bytes`, else
settings.API_BODY_MAX_BYTES; more → 413 `too_large`, refused before it is read), the depth of
its JSON (more than JSON_MAX_DEPTH → 400 `too_deep`: Python's parser would recurse until a
RecursionError, a 500) and its numbers (an integer outside 64 bits or a non-finite number →
400 `number_too_large`: no database column or JSON writer downstream can hold one).
"""

from __future__ import annotations

import codecs
import json
import math
import re
from collections.abc import Callable, Iterator
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, parsers, status

_SURROGATE = re.compile("[\ud800-\udfff]")

JSON_MAX_DEPTH = 64  # objects and arrays inside each other; a scoresheet needs 6
INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # what a bigint column (and JSONB's figures) hold
# A JSON integer of more digits than this is out of 64 bits whatever they are: refused before
# Python turns it into a number (a few thousand digits already cost noticeable time).
_INT_MAX_DIGITS = 19


class NullCharacters(exceptions.ParseError):
    default_detail = _("Null characters are not allowed.")
    default_code = "null_characters_not_allowed"


class SurrogateCharacters(exceptions.ParseError):
    default_code = "surrogate_characters_not_allowed"

    def __init__(self, character: str) -> None:
        # DRF's own wording (and so its translations), as its serializer fields say it.
        message = _("Surrogate characters are not allowed: U+{code_point:X}.")
        super().__init__(str(message).format(code_point=ord(character)))


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self, limit: int) -> None:
        message = _("The request body is larger than %(limit)s bytes.") % {"limit": limit}
        super().__init__(message, "too_large")


class JSONTooDeep(ValueError):
    """JSON nested deeper than JSON_MAX_DEPTH (a plain error, for the doors outside DRF)."""

    code = "too_deep"

    def __init__(self) -> None:
        super().__init__(
            _("The JSON is nested more than %(depth)s levels deep.") % {"depth": JSON_MAX_DEPTH}
        )


class JSONNumberTooLarge(ValueError):
    """An integer outside 64 bits, or a number too large to be finite."""

    code = "number_too_large"

    def __init__(self) -> None:
        super().__init__(_("A number in the JSON is too large (at most 64 bits)."))


class TooDeep(exceptions.ParseError):
    default_code = "too_deep"


class NumberTooLarge(exceptions.ParseError):
    default_code = "number_too_large"


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _INT_MAX_DIGITS:
        raise JSONNumberTooLarge()
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        raise JSONNumberTooLarge()
    return value


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise JSONNumberTooLarge()
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not valid JSON")


def check_depth(data: Any, limit: int = JSON_MAX_DEPTH) -> Any:
    """`data`, or JSONTooDeep when its objects and arrays nest deeper than `limit` (walked
    without recursion, so any depth is answered)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            raise JSONTooDeep()
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return data


def json_loads(text: str | bytes) -> Any:
    """JSON as every door reads it: strict (no NaN or Infinity), integers within 64 bits, at
    most JSON_MAX_DEPTH deep. Raises ValueError (JSONTooDeep, JSONNumberTooLarge, or
    json.JSONDecodeError for what is not JSON)."""
    try:
        data = json.loads(
            text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant
        )
    except RecursionError as exc:  # far too deep for Python's parser itself
        raise JSONTooDeep() from exc
    return check_depth(data)


def check_declared_length(parser_context: Any) -> None:
    """BodyTooLarge when the declared length of a form's body is over the view's limit (a
    form's parser reads the stream itself; Django's own limits bound what it keeps)."""
    request = (parser_context or {}).get("request")
    meta = getattr(request, "META", {}) if request is not None else {}
    try:
        declared = int(meta.get("CONTENT_LENGTH") or 0)
    except (TypeError, ValueError):
        declared = 0
    limit = body_limit(parser_context)
    if declared > limit:
        raise BodyTooLarge(limit)


def body_limit(parser_context: Any) -> int:
    """The largest body the view takes: the setting its `body_limit_setting` names (e.g.
    "DEAL_BODY_MAX_BYTES"), else API_BODY_MAX_BYTES."""
    view = (parser_context or {}).get("view")
    name = getattr(view, "body_limit_setting", None) or "API_BODY_MAX_BYTES"
    return int(getattr(settings, name))


def read_limited(stream: Any, parser_context: Any) -> bytes:
    """The body, or BodyTooLarge before reading more than the view's limit."""
    check_declared_length(parser_context)
    limit = body_limit(parser_context)
    body = stream.read(limit + 1) if stream is not None else b""
    if len(body) > limit:
        raise BodyTooLarge(limit)
    return body


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
        body = read_limited(stream, parser_context)
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        return json_body(body, encoding)


def json_body(body: bytes, encoding: str) -> Any:
    """A JSON request body as the API reads it (`json_loads`, then `check_text`); DRF's
    ParseError (a 400 with its code) for anything else."""
    try:
        text = codecs.decode(body, encoding)
        return check_text(json_loads(text))
    except JSONTooDeep as exc:
        raise TooDeep(str(exc)) from exc
    except JSONNumberTooLarge as exc:
        raise NumberTooLarge(str(exc)) from exc
    except ValueError as exc:  # not JSON, or not in the declared encoding
        raise exceptions.ParseError(f"JSON parse error - {exc}") from exc


class FormParser(parsers.FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        check_declared_length(parser_context)
        return check_text(super().parse(stream, media_type, parser_context))


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        check_declared_length(parser_context)
        result = super().parse(stream, media_type, parser_context)
        check_text(result.data)  # the fields' text; uploaded files are bytes and may hold NUL
        return result


def body_limited(
    setting: str,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A page view that refuses a body larger than the setting `setting` names with the API's
    JSON 413 `too_large`, before Django reads it (the scorer pages' deal writes take a deal's
    worth, as the API does)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            limit = int(getattr(settings, setting))
            try:
                declared = int(request.META.get("CONTENT_LENGTH") or 0)
            except (TypeError, ValueError):
                declared = 0
            if declared > limit:
                error = BodyTooLarge(limit)
                body = {"errors": [{"field": None, "code": "too_large", "message": error.detail}]}
                return JsonResponse(body, status=error.status_code)
            return view(request, *args, **kwargs)

        return limited

    return decorate
