"""Links the apps above this one put on a table's scorer page, for the people they concern.

The scorer's page (`/matches/<id>/`) belongs to this app, which knows matches and deals, not
referees, rulings or cards: those live in the apps above it, which this app never imports.
An app that has something to offer at a table (the referee's "Rule on this deal" beside each
deal, "Give a card" to one of the table's players) hands this module a provider when Django
loads it (`table_links_provide`, from its `AppConfig.ready`), the way a receiver connects to
a signal. The provider decides who sees what: for anybody else it gives nothing, and the page
shows nothing. Without a provider (the scoring app on its own) the page has no such links.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .models import Match


@dataclass(frozen=True)
class TableLink:
    """A link about the whole table: its text, where it goes, its test id."""

    label: str
    url: str
    testid: str


@dataclass(frozen=True)
class DealLink:
    """A link beside each deal of the sheet: `url` ends so that the deal's number appended
    to it names the deal (`…/rule/?deal=`); `label` is what a screen reader says of it, with
    `%(number)s` for the deal's number; `symbol` is what the narrow sheet shows."""

    label: str
    url: str
    testid: str
    symbol: str


@dataclass(frozen=True)
class TableLinks:
    table: tuple[TableLink, ...] = ()
    deal: tuple[DealLink, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.table or self.deal)


Provider = Callable[[Any, "Match"], TableLinks | None]

_providers: dict[str, Provider] = {}


def table_links_provide(name: str, provider: Provider) -> None:
    """Called by a higher app when Django loads it; `name` keeps a second call from adding
    the same provider twice."""
    _providers[name] = provider


def table_links(user: Any, match: Match) -> TableLinks:
    """Every provider's links for `user` at `match` (none for whom they do not concern)."""
    table: list[TableLink] = []
    deal: list[DealLink] = []
    for provider in _providers.values():
        links = provider(user, match)
        if links:
            table.extend(links.table)
            deal.extend(links.deal)
    return TableLinks(table=tuple(table), deal=tuple(deal))


def deal_links_attach(rows: list[dict[str, Any]], links: TableLinks) -> None:
    """Each sheet row (a dict with the deal's `number`) gets `deal_links`: the links beside
    that deal, each with its own url, label and test id."""
    for row in rows:
        number = row["number"]
        row["deal_links"] = [
            {
                "url": f"{link.url}{number}",
                "label": link.label % {"number": number},
                "testid": f"{link.testid}-{number}",
                "symbol": link.symbol,
            }
            for link in links.deal
        ]
