"""The referee desk: the rulebook's articles (searchable in three languages) and rulings.

Articles are not typed in the admin: their content lives in `referee/rulebook/` (versioned
with the code) and is synchronised into the table after every `migrate`, so the database
copy exists only to be searched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

if TYPE_CHECKING:
    from .rulebook.base import RuleArticle

LANGS = ("ru", "uk", "en")


class Article(models.Model):
    """One rule of the rulebook [статья правил], e.g. `scoring.hanging_byte`."""

    id = models.CharField(primary_key=True, max_length=64)
    section = models.CharField(_("section"), max_length=32, db_index=True)
    game = models.CharField(_("game"), max_length=16, db_index=True)
    order = models.PositiveIntegerField(default=0)
    title_ru = models.CharField(max_length=200)
    title_uk = models.CharField(max_length=200)
    title_en = models.CharField(max_length=200)
    text_ru = models.TextField()
    text_uk = models.TextField()
    text_en = models.TextField()
    keywords_ru = models.TextField(blank=True)
    keywords_uk = models.TextField(blank=True)
    keywords_en = models.TextField(blank=True)
    conventions = models.JSONField(default=list, blank=True)
    presets = models.JSONField(default=list, blank=True)
    source = models.CharField(_("source"), max_length=200)
    project_default = models.BooleanField(default=False)
    # PostgreSQL only: the weighted full-text vector of all three languages, written by
    # `rulebook_sync` (titles and aliases A, text C). Null elsewhere.
    search_vector = SearchVectorField(null=True, editable=False)

    class Meta:
        ordering = ["order"]
        verbose_name = _("rule article")
        verbose_name_plural = _("rule articles")

    def __str__(self) -> str:
        return f"{self.id}: {self.title_en}"

    def title_in(self, lang: str | None = None) -> str:
        return getattr(self, f"title_{_lang(lang)}")

    def text_in(self, lang: str | None = None) -> str:
        return getattr(self, f"text_{_lang(lang)}")

    def source_in(self, lang: str | None = None) -> str:
        """The texts this rule rests on, named in `lang` (the stored `source` is English)."""
        rule = self._rule()
        return rule.source_in(_lang(lang)) if rule is not None else self.source

    @property
    def source_text(self) -> str:
        return self.source_in()

    # Where in the rule texts, a quote from there, this service's reading: kept in the code's
    # rulebook (not the table), read from it like the source's name, in `lang`.
    def cite_in(self, lang: str | None = None) -> str:
        rule = self._rule()
        return rule.cite_in(_lang(lang)) if rule is not None else ""

    def reading_in(self, lang: str | None = None) -> str:
        rule = self._rule()
        return rule.reading_in(_lang(lang)) if rule is not None else ""

    @property
    def cite_text(self) -> str:
        return self.cite_in()

    @property
    def quote_text(self) -> str:
        rule = self._rule()
        return rule.quote if rule is not None else ""

    @property
    def reading_text(self) -> str:
        return self.reading_in()

    @property
    def quote_lang(self) -> str:
        rule = self._rule()
        return rule.quote_lang if rule is not None else "ru"

    def _rule(self) -> RuleArticle | None:
        from .rulebook import article_by_id  # late: the games' rulebooks come after the models

        return article_by_id(self.id)

    @property
    def title(self) -> str:
        return self.title_in()

    @property
    def text(self) -> str:
        return self.text_in()

    @property
    def is_convention(self) -> bool:
        """An article on one convention of its game (its game's `convention_section`)."""
        from .games import parts_of

        parts = parts_of(self.game) if self.game else None
        return parts is not None and self.section == parts.convention_section

    @property
    def convention_name(self) -> str:
        return self.id.split(".", 1)[1] if self.is_convention else ""


def article_lang(lang: str | None = None) -> str:
    """The rulebook's language for `lang` (the active language by default): ru, uk or en."""
    code = (lang or translation.get_language() or "en")[:2]
    return code if code in LANGS else "en"


_lang = article_lang


class Ruling(models.Model):
    """A referee's ruling [решение судьи] on one deal of a match: who broke which rule.

    Recording it corrects the deal (adds `violation` to its record) so the match is re-scored
    with the penalty; overturning it corrects the deal back. Both corrections stay in the
    deal's history, and this row keeps its own history too.
    """

    match = models.ForeignKey("scoring.Match", on_delete=models.CASCADE, related_name="rulings")
    deal_number = models.PositiveIntegerField(_("deal"))
    # One of the match's game's violation kinds (`RefereeParts.violation_kinds`).
    kind = models.CharField(_("violation"), max_length=32)
    # How many times, for a kind its game counts (Preferans: each renonce its own penalty).
    count = models.PositiveSmallIntegerField(_("count"), null=True, blank=True)
    violator = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        related_name="rulings_against",
        verbose_name=_("violator"),
    )
    explanation = models.TextField(_("explanation"), blank=True)
    articles = models.JSONField(_("cited articles"), default=list, blank=True)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="rulings"
    )
    # The deal's violation before this ruling (if a scorer or an earlier ruling set one), so
    # an overturn puts the deal back exactly as it was.
    previous_violation = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    overturned = models.BooleanField(_("overturned"), default=False)
    overturned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    overturned_at = models.DateTimeField(null=True, blank=True)
    overturn_reason = models.TextField(_("reason for overturning"), blank=True)
    history = HistoricalRecords()
    # Not stored: what a list of rulings shows (referee.views.tournament_rulings sets them).
    cited: list[Article]
    referee_shown: str
    overturned_by_shown: str

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["match", "deal_number"])]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")

    def __str__(self) -> str:
        return f"#{self.pk} {self.kind} · match {self.match_id} deal {self.deal_number}"

    @property
    def kind_label(self) -> str:
        """The violation as its game names it, in the reader's language ("Ренонс × 2")."""
        from .games import parts_of

        parts = parts_of(self.match.game)
        found = (
            next((k for k in parts.violation_kinds if k.key == self.kind), None) if parts else None
        )
        label = str(found.label) if found is not None else self.kind
        return f"{label} × {self.count}" if self.count and self.count > 1 else label


class SearchMiss(models.Model):
    """A rule search that found nothing [поиск без ответа], kept for the rulebook's editors:
    what players call a thing the rulebook does not name ("рыба"), how often, in which
    language and game (issue 35, item 22). An editor then adds the word to an article's
    keywords or to the game's search words (`referee/games/<game>/rulebook/search_words.py`).

    Nothing personal is kept: not who asked, nor from where, nor when beyond the day; a
    search with a digit, an address or more than a few words is not kept at all
    (`referee.services.search_miss_record`), and the table is bounded."""

    # The words asked, lower-cased as typed, without stop words ("рыба").
    query = models.CharField(_("search"), max_length=64)
    lang = models.CharField(_("language"), max_length=2)
    # The game the rulebook was searched in ("" for every game).
    game = models.CharField(_("game"), max_length=16, blank=True)
    count = models.PositiveIntegerField(_("times asked"), default=1)
    first_asked = models.DateField(_("first asked"))
    last_asked = models.DateField(_("last asked"))

    class Meta:
        ordering = ["-count", "-last_asked", "query"]
        constraints = [
            models.UniqueConstraint(
                fields=["query", "lang", "game"], name="search_miss_unique_query"
            )
        ]
        indexes = [models.Index(fields=["count", "last_asked"], name="search_miss_least_asked")]
        verbose_name = _("rule search that found nothing")
        verbose_name_plural = _("rule searches that found nothing")

    def __str__(self) -> str:
        return f"{self.query} ({self.lang}{', ' + self.game if self.game else ''}): {self.count}"
