"""The tournament archive [архив турнира]: a zip of every match as a scoresheet record
(scoresheet-format.md), with a manifest that says where each match was played.

Layout:

    manifest.json                        {"format": "deberc-archive/1", "tournament": {...},
                                          "rounds": [...], "matches": [...]}
    matches/round-01/table-001.json      one scoresheet record per match
    standings.csv                        the standings when the archive was made (for people)

Pure functions: packing and reading bytes, no database. Reading refuses what is not an
archive of this format, unsafe paths, and archives that would unpack to more than
`MAX_UNPACKED` bytes.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from typing import Any

ARCHIVE_FORMAT = "deberc-archive/1"
SCORESHEET_FORMAT = "deberc-scoresheet/1"
MANIFEST = "manifest.json"
MAX_UNPACKED = 256 * 1024 * 1024
MAX_ENTRIES = 50_000


class ArchiveError(Exception):
    """The file is not a readable archive; `code` is stable, `message` for people."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class ArchivedMatch:
    """A match in the archive: where it was played and its scoresheet record."""

    path: str
    round: int | None
    table: int | None
    record: dict[str, Any]
    summary: dict[str, Any]


def match_path(round_number: int | None, table_number: int | None, index: int) -> str:
    if round_number is None or table_number is None:
        return f"matches/unplaced/match-{index:05d}.json"
    return f"matches/round-{round_number:02d}/table-{table_number:03d}.json"


def _dump(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")


def archive_pack(
    manifest: dict[str, Any],
    matches: list[ArchivedMatch],
    *,
    extra_files: dict[str, bytes] | None = None,
) -> bytes:
    """The zip's bytes. The manifest's `matches` list is filled from `matches`; entries are
    written in a fixed order with a fixed timestamp, so the same tournament gives the same
    bytes (a re-run job replaces its file with an identical one)."""
    document = {
        **manifest,
        "format": ARCHIVE_FORMAT,
        "matches": [
            {"file": m.path, "round": m.round, "table": m.table, **m.summary} for m in matches
        ],
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:

        def put(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)

        put(MANIFEST, _dump(document))
        for match in matches:
            put(match.path, _dump(match.record))
        for name, data in sorted((extra_files or {}).items()):
            put(name, data)
    return out.getvalue()


def archive_read(data: bytes) -> tuple[dict[str, Any], list[ArchivedMatch]]:
    """The manifest and the matches of an archive, in the manifest's order."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise ArchiveError("bad_archive", "the file is not a zip archive") from exc
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise ArchiveError("bad_archive", "the archive has too many files")
        if sum(i.file_size for i in infos) > MAX_UNPACKED:
            raise ArchiveError("bad_archive", "the archive unpacks to too much data")
        names = {i.filename for i in infos}
        if MANIFEST not in names:
            raise ArchiveError("bad_archive", "the archive has no manifest.json")
        manifest = _load(zf, MANIFEST)
        if not isinstance(manifest, dict) or manifest.get("format") != ARCHIVE_FORMAT:
            raise ArchiveError("bad_format", f"the manifest's format is not {ARCHIVE_FORMAT}")
        entries = manifest.get("matches")
        if not isinstance(entries, list):
            raise ArchiveError("bad_archive", "the manifest lists no matches")
        matches: list[ArchivedMatch] = []
        for entry in entries:
            path = entry.get("file") if isinstance(entry, dict) else None
            if not isinstance(path, str) or path not in names:
                raise ArchiveError("bad_archive", f"the manifest names a missing file: {path}")
            if path.startswith("/") or ".." in path.split("/"):
                raise ArchiveError("bad_archive", f"unsafe path in the archive: {path}")
            record = _load(zf, path)
            if not isinstance(record, dict):
                raise ArchiveError("bad_format", f"{path} is not a scoresheet record")
            matches.append(
                ArchivedMatch(
                    path=path,
                    round=_int_or_none(entry.get("round")),
                    table=_int_or_none(entry.get("table")),
                    record=record,
                    summary={k: v for k, v in entry.items() if k not in ("file", "round", "table")},
                )
            )
    return manifest, matches


def _load(zf: zipfile.ZipFile, name: str) -> Any:
    # Read as the API reads a body (config.parsers): at most 64 levels deep, integers within
    # 64 bits; deeper JSON crashed Python's parser, a larger integer the database.
    from config.parsers import JSONNumberTooLarge, JSONTooDeep, json_loads

    try:
        return json_loads(zf.read(name).decode("utf-8"))
    except (JSONTooDeep, JSONNumberTooLarge) as exc:
        raise ArchiveError(exc.code, f"{name}: {exc}") from exc
    except ValueError as exc:  # not UTF-8, not JSON
        raise ArchiveError("bad_format", f"{name} is not valid JSON") from exc


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None
