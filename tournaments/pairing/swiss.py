"""Swiss pairing [швейцарская система] for tables of two and of three.

Two players a table (FIDE Dutch-like): players are sorted by score, then rank; each score
group is paired top half against bottom half (S1[i] against S2[i], the bottom half permuted
as little as possible to avoid rematches); an odd player floats down to the next group
(the lowest-ranked one who did not float down last round), and floaters from above meet the
highest player of the group who did not float up last round. When the bottom of the field
cannot be paired without a rematch, the last groups are merged and re-paired (backtracking
upward, group by group); only when the whole field has no rematch-free pairing does a maximum
matching of the "not met yet" graph decide, which gives the fewest rematches possible.

Three (or four) players a table, each for themselves: players are taken in score order and
grouped into tables of equal or near scores, choosing partners that have not met; small fields
are searched exhaustively (no repeat meeting while one can be avoided), large ones greedily
with a window and a local improvement pass. Players who do not fill a table sit out (byes).

Team events (`Competitor.team`): teammates are kept apart before repeats are avoided (see
`teams`): at tables of two a teammate counts as an opponent met, and when the pairing still
seats teammates together a maximum matching of the "not teammates" graph repairs it; at
tables of three or four a table's teammates weigh more than all the repeats of a round.
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace

from tournaments.pairing.byes import bye_candidates, bye_count
from tournaments.pairing.matching import maximum_matching
from tournaments.pairing.teams import SEAT_APART_LIMIT, seat_apart, teammates, together
from tournaments.pairing.types import Competitor, RoundPairing

# Pools up to this size may be re-paired by the blossom matching (dense graph, O(n^3) worst).
_BLOSSOM_LIMIT = 600
# Exhaustive search for triples up to this many players (beyond: greedy + local search).
_TRIPLE_SEARCH_LIMIT = 24
_TRIPLE_SEARCH_NODES = 4_000
# Tables of four: each node tries C(n − 1, 3) tables, so a smaller exhaustive field.
_QUAD_SEARCH_LIMIT = 16
# One pair of teammates at a table costs more than every repeat meeting a round can hold.
_TEAM_WEIGHT = 100_000


def _met(a: Competitor, b: Competitor) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _order(players: Sequence[Competitor]) -> list[Competitor]:
    return sorted(players, key=lambda p: (-p.score, p.rank))


# --------------------------------------------------------------------------- two players


def pair_swiss_pairs(players: Sequence[Competitor], *, bye_tries: int = 8) -> RoundPairing:
    """Pair one Swiss round at tables of two. Deterministic for the same input.

    In a team event teammates are paired together only when no pairing avoids it.
    """
    if any(p.team is not None for p in players):
        return _pair_teams_apart(players, bye_tries)
    return _pair_swiss_pairs(players, bye_tries)


def _pair_swiss_pairs(players: Sequence[Competitor], bye_tries: int) -> RoundPairing:
    n_byes = bye_count(len(players), 2)
    if not n_byes:
        tables, rematches = _pair_even(list(players))
        return RoundPairing(tables=tables, byes=[], rematches=rematches)
    candidates = bye_candidates(players)
    fewest = candidates[0].byes
    eligible = [p for p in candidates if p.byes == fewest]
    # Small fields try every fair candidate so no rematch is made that another fair bye avoids.
    tries = eligible if len(players) <= 40 else eligible[:bye_tries]
    best: RoundPairing | None = None
    for candidate in tries:
        rest = [p for p in players if p.id != candidate.id]
        tables, rematches = _pair_even(rest)
        if best is None or rematches < best.rematches:
            best = RoundPairing(tables=tables, byes=[candidate.id], rematches=rematches)
        if rematches == 0:
            break
    assert best is not None
    return best


def _pair_teams_apart(players: Sequence[Competitor], bye_tries: int) -> RoundPairing:
    """Teammates count as opponents met; what that pairing still seats together (it minimises
    teammates and rematches taken together) is repaired by a maximum matching of the "not
    teammates" graph, which leaves together only teammates no pairing can part."""
    by_id = {p.id: p for p in players}
    members: dict = defaultdict(set)
    for p in players:
        if p.team is not None:
            members[p.team].add(p.id)
    widened = [
        replace(p, opponents=p.opponents | (members[p.team] - {p.id})) if p.team is not None else p
        for p in players
    ]
    first = _pair_swiss_pairs(widened, bye_tries)
    tables = [(by_id[a], by_id[b]) for a, b in first.tables]
    if any(together(a, b) for a, b in tables) and len(tables) * 2 <= _BLOSSOM_LIMIT:
        tables = _part_teammates(tables)
    return RoundPairing(
        tables=[(a.id, b.id) for a, b in tables],
        byes=first.byes,
        rematches=sum(_met(a, b) for a, b in tables),
    )


def _part_teammates(
    tables: list[tuple[Competitor, Competitor]],
) -> list[tuple[Competitor, Competitor]]:
    """Keep the tables of no teammates, re-pair the rest by augmenting paths of a maximum
    matching in the "not teammates" graph (nearest in Swiss order first)."""
    ordered = _order([p for table in tables for p in table])
    index = {id(p): i for i, p in enumerate(ordered)}
    n = len(ordered)
    adjacency = [
        sorted(
            (j for j in range(n) if j != i and not together(ordered[i], ordered[j])),
            key=functools.partial(_gap, i),
        )
        for i in range(n)
    ]
    mate = [-1] * n
    for a, b in tables:
        if not together(a, b):
            i, j = index[id(a)], index[id(b)]
            mate[i], mate[j] = j, i
    mate = maximum_matching(adjacency, mate)
    pairs = [(ordered[i], ordered[m]) for i, m in enumerate(mate) if i < m]
    # Singles of a maximum matching are all of one team: they sit together, unavoidably.
    singles = [ordered[i] for i, m in enumerate(mate) if m == -1]
    pairs.extend(zip(singles[0::2], singles[1::2], strict=False))
    ids = _tables(pairs)
    by_id = {p.id: p for p in ordered}
    return [(by_id[a], by_id[b]) for a, b in ids]


def _pair_even(players: list[Competitor]) -> tuple[list[tuple], int]:
    ordered = _order(players)
    groups: list[list[Competitor]] = [
        list(group) for _, group in itertools.groupby(ordered, key=lambda p: p.score)
    ]
    carry_in: list[list[Competitor]] = []
    group_pairs: list[list[tuple[Competitor, Competitor]]] = []
    carry: list[Competitor] = []
    for index, group in enumerate(groups):
        carry_in.append(carry)
        pairs, carry = _pair_score_group(carry, group, last=index == len(groups) - 1)
        group_pairs.append(pairs)
    if not carry:
        return _tables(itertools.chain.from_iterable(group_pairs)), 0
    # Backtrack: merge the bottom groups, one more at a time, until they pair without rematch.
    for start in range(len(groups) - 1, -1, -1):
        pool = carry_in[start] + [p for g in groups[start:] for p in g]
        if len(pool) > _BLOSSOM_LIMIT and start > 0:
            continue
        matched = _pair_pool_by_matching(pool)
        if matched is not None:
            kept = itertools.chain.from_iterable(group_pairs[:start])
            return _tables(itertools.chain(kept, matched)), 0
    # No rematch-free pairing exists: a maximum matching makes the fewest rematches.
    pairs, rematches = _pair_fewest_rematches(ordered)
    return _tables(pairs), rematches


def _tables(pairs: itertools.chain | list) -> list[tuple]:
    """Table 1 is the strongest pair: ordered by the higher score, then the better rank."""
    listed = list(pairs)
    listed.sort(
        key=lambda pair: (
            -max(pair[0].score, pair[1].score),
            -min(pair[0].score, pair[1].score),
            min(pair[0].rank, pair[1].rank),
        )
    )
    return [(a.id, b.id) for a, b in listed]


def _pair_score_group(
    floaters: list[Competitor], residents: list[Competitor], *, last: bool
) -> tuple[list[tuple[Competitor, Competitor]], list[Competitor]]:
    """Pair one score group with the players floated down into it; return the new floaters."""
    pairs: list[tuple[Competitor, Competitor]] = []
    available = list(residents)
    still_floating: list[Competitor] = []
    for floater in floaters:
        partners = [r for r in available if not _met(floater, r)]
        # The upfloater: the highest who did not float up last round, else simply the highest.
        partner = next((r for r in partners if r.last_float != "up"), None) or (
            partners[0] if partners else None
        )
        if partner is None:
            still_floating.append(floater)
            continue
        pairs.append((floater, partner))
        available.remove(partner)

    downfloaters: list[Competitor] = []
    if len(available) % 2:
        # The lowest-ranked player who did not float down last round floats down.
        chosen = next((p for p in reversed(available) if p.last_float != "down"), available[-1])
        available.remove(chosen)
        downfloaters.append(chosen)

    matched, unmatched = _dutch(available)
    pairs.extend(matched)
    # Whoever the halves could not place tries the others left over, then floats down.
    leftovers: list[Competitor] = []
    for player in unmatched:
        partner = next((q for q in leftovers if not _met(player, q)), None)
        if partner is None:
            leftovers.append(player)
        else:
            leftovers.remove(partner)
            pairs.append((partner, player))
    carry = still_floating + leftovers + downfloaters
    if last and len(carry) >= 2:
        # At the bottom there is nowhere to float: pair what can be paired among themselves.
        rest: list[Competitor] = []
        for player in _order(carry):
            partner = next((q for q in rest if not _met(player, q)), None)
            if partner is None:
                rest.append(player)
            else:
                rest.remove(partner)
                pairs.append((partner, player))
        carry = rest
    return pairs, carry


def _dutch(
    group: list[Competitor],
) -> tuple[list[tuple[Competitor, Competitor]], list[Competitor]]:
    """Top half against bottom half; augmenting paths (Kuhn) permute S2 to dodge rematches."""
    half = len(group) // 2
    top, bottom = group[:half], group[half:]
    size = len(bottom)
    # S1[i] prefers S2[i], then the later ones, then the earlier ones (fewest transpositions).
    preferences = [
        [
            j
            for j in itertools.chain(range(i, size), range(i - 1, -1, -1))
            if not _met(top[i], bottom[j])
        ]
        for i in range(half)
    ]
    owner: list[int] = [-1] * size  # bottom index -> top index
    for i in range(half):
        _augment(i, preferences, owner)
    pairs = [(top[owner[j]], bottom[j]) for j in range(size) if owner[j] != -1]
    placed = {id(p) for pair in pairs for p in pair}
    return pairs, [p for p in group if id(p) not in placed]


def _augment(start: int, preferences: list[list[int]], owner: list[int]) -> bool:
    """Kuhn's augmenting path search, iterative (halves of 1,000 players exceed recursion)."""
    # Fast path: a free preferred partner, which is what nearly always happens.
    for j in preferences[start]:
        if owner[j] == -1:
            owner[j] = start
            return True
    visited: set[int] = set()
    stack: list[tuple[int, int]] = [(start, 0)]
    path: list[int] = []  # bottom indices chosen along the stack
    while stack:
        i, k = stack[-1]
        prefs = preferences[i]
        while k < len(prefs) and prefs[k] in visited:
            k += 1
        if k == len(prefs):
            stack.pop()
            if path:
                path.pop()
            continue
        j = prefs[k]
        stack[-1] = (i, k + 1)
        visited.add(j)
        if owner[j] == -1:
            # Shift every owner along the path by one.
            chain = [*path, j]
            tops = [frame[0] for frame in stack]
            for top_index, bottom_index in zip(tops, chain, strict=True):
                owner[bottom_index] = top_index
            return True
        path.append(j)
        stack.append((owner[j], 0))
    return False


def _pair_pool_by_matching(pool: list[Competitor]) -> list | None:
    """A rematch-free pairing of the whole pool (score order preferred), or None if none."""
    ordered = _order(pool)
    if len(ordered) % 2:
        return None
    mate = _matching(ordered)
    if any(m == -1 for m in mate):
        return None
    return [(ordered[i], ordered[m]) for i, m in enumerate(mate) if i < m]


def _gap(i: int, j: int) -> int:
    return abs(j - i)


def _matching(ordered: list[Competitor]) -> list[int]:
    n = len(ordered)
    adjacency = [
        sorted(
            (j for j in range(n) if j != i and not _met(ordered[i], ordered[j])),
            key=functools.partial(_gap, i),
        )
        for i in range(n)
    ]
    # Start from the greedy "nearest in score order" pairing, then repair by augmenting.
    mate = [-1] * n
    for i in range(n):
        if mate[i] == -1:
            for j in adjacency[i]:
                if j > i and mate[j] == -1:
                    mate[i], mate[j] = j, i
                    break
    return maximum_matching(adjacency, mate)


def _pair_fewest_rematches(ordered: list[Competitor]) -> tuple[list, int]:
    mate = _matching(ordered)
    pairs = [(ordered[i], ordered[m]) for i, m in enumerate(mate) if i < m]
    # Singles of a maximum matching have all met one another: pair them in score order.
    singles = [ordered[i] for i, m in enumerate(mate) if m == -1]
    rematches = len(singles) // 2
    pairs.extend(zip(singles[0::2], singles[1::2], strict=False))
    return pairs, rematches


# --------------------------------------------------------------------------- three, four players


def pair_swiss_triples(players: Sequence[Competitor]) -> RoundPairing:
    """Pair one Swiss round at tables of three, fewest repeat meetings first, then scores."""
    return pair_swiss_groups(players, 3)


def pair_swiss_groups(players: Sequence[Competitor], size: int) -> RoundPairing:
    """Pair one Swiss round at tables of `size` players each playing for themselves (3 or 4),
    fewest repeat meetings first, then scores; the players left over sit out (byes: fewest
    byes, lowest score, lowest rank first)."""
    if size < 3:
        raise ValueError("tables of two are paired by pair_swiss_pairs")
    n_byes = bye_count(len(players), size)
    byes = [p.id for p in bye_candidates(players)[:n_byes]]
    rest = _order([p for p in players if p.id not in set(byes)])
    if len(rest) <= (_TRIPLE_SEARCH_LIMIT if size == 3 else _QUAD_SEARCH_LIMIT):
        triples = _search_triples(rest, size)
    else:
        triples = _greedy_triples(rest, size=size)
    if any(teammates(t) for t in triples) and len(rest) <= SEAT_APART_LIMIT:
        apart = seat_apart(rest, [size] * (len(rest) // size))
        if apart is not None:
            triples = [tuple(t) for t in apart]
            _improve(triples, cost=_table_cost)
    repeats = sum(_repeats(t) for t in triples)
    triples.sort(key=lambda t: (-max(p.score for p in t), min(p.rank for p in t)))
    return RoundPairing(
        tables=[tuple(p.id for p in t) for t in triples], byes=byes, rematches=repeats
    )


def _repeats(triple: Sequence[Competitor]) -> int:
    return sum(_met(a, b) for a, b in itertools.combinations(triple, 2))


def _conflicts(table: Sequence[Competitor]) -> int:
    """Teammates at the table (weighing more than any number of repeats), then repeats."""
    return _TEAM_WEIGHT * teammates(table) + _repeats(table)


def _table_cost(table: Sequence[Competitor]) -> tuple[int, float]:
    return _conflicts(table), _spread(table)


def _spread(triple: Sequence[Competitor]) -> float:
    scores = [p.score for p in triple]
    return max(scores) - min(scores)


def _search_triples(ordered: list[Competitor], size: int = 3) -> list[tuple[Competitor, ...]]:
    """Depth-first: the first player left takes the nearest size − 1 that keep repeats lowest.

    Branch and bound on repeat meetings; the node budget keeps the worst case bounded (then
    the best partition found so far, or the greedy one, is used).
    """
    best: list[list[tuple[Competitor, ...]]] = [_greedy_triples(ordered, size=size)]
    best_cost = [sum(_conflicts(t) for t in best[0])]
    nodes = [0]

    def search(left: list[Competitor], chosen: list, cost: int) -> bool:
        if cost >= best_cost[0]:
            return False
        if not left:
            best[0], best_cost[0] = list(chosen), cost
            return cost == 0
        nodes[0] += 1
        if nodes[0] > (_TRIPLE_SEARCH_NODES if size == 3 else _TRIPLE_SEARCH_NODES // 4):
            return True
        head, others = left[0], left[1:]
        options = sorted(
            itertools.combinations(range(len(others)), size - 1),
            key=lambda ks: (_conflicts((head, *(others[k] for k in ks))), sum(ks)),
        )
        for ks in options:
            triple = (head, *(others[k] for k in ks))
            remaining = [p for k, p in enumerate(others) if k not in ks]
            chosen.append(triple)
            done = search(remaining, chosen, cost + _conflicts(triple))
            chosen.pop()
            if done:
                return True
        return False

    if best_cost[0] > 0:
        search(ordered, [], 0)
    return best[0]


def _greedy_triples(
    ordered: list[Competitor], window: int = 14, size: int = 3
) -> list[tuple[Competitor, ...]]:
    left = list(ordered)
    triples: list[tuple[Competitor, ...]] = []
    if size > 3:
        window = min(window, 10)  # C(10, 3) tables to try for each head
    while left:
        head = left[0]
        others = left[1 : 1 + window]
        ks = min(
            itertools.combinations(range(len(others)), size - 1),
            key=lambda ks: (_conflicts((head, *(others[k] for k in ks))), sum(ks)),
        )
        triple = (head, *(others[k] for k in ks))
        triples.append(triple)
        for p in triple:
            left.remove(p)
    _improve(triples, cost=_table_cost)
    return triples


def _improve(
    triples: list[tuple[Competitor, ...]],
    cost: Callable[[Sequence[Competitor]], tuple[int, float]],
    reach: int = 6,
) -> None:
    """Swap single players between nearby tables while that lowers repeat meetings."""
    improved = True
    rounds = 0
    while improved and rounds < 5:
        improved = False
        rounds += 1
        for a in range(len(triples)):
            if _conflicts(triples[a]) == 0:
                continue
            # Teammates together look at every table; repeats at the nearby ones.
            near: Sequence[int] = range(max(0, a - reach), min(len(triples), a + reach + 1))
            if teammates(triples[a]):
                near = sorted(range(len(triples)), key=lambda b: abs(b - a))
            for b in near:
                if a == b:
                    continue
                before = _add(cost(triples[a]), cost(triples[b]))
                done = False
                for x, y in itertools.product(range(len(triples[a])), range(len(triples[b]))):
                    ta, tb = list(triples[a]), list(triples[b])
                    ta[x], tb[y] = tb[y], ta[x]
                    if _add(cost(ta), cost(tb)) < before:
                        triples[a], triples[b] = tuple(ta), tuple(tb)
                        improved = done = True
                        break
                if done and _conflicts(triples[a]) == 0:
                    break


def _add(a: tuple[int, float], b: tuple[int, float]) -> tuple[int, float]:
    return a[0] + b[0], a[1] + b[1]
