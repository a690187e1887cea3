"""A player's name on a narrow page (issue 35, item 18): it wraps between its words only,
and a word wider than its box is cut with an ellipsis (the whole name is the box's title),
never split in two ("Алекс / ей")."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def name_words(name: object) -> SafeString:
    """`name` as one `<span class="nw">` a word (scoring/scorer.css keeps each whole on its
    line), separated by spaces where the line may break, in one `<span class="name-words">`
    (one box in a flex label: the words flow inside it)."""
    words = format_html_join(" ", '<span class="nw">{}</span>', ((w,) for w in str(name).split()))
    return format_html('<span class="name-words">{}</span>', words)
