"""The ruling page's two steps as a test walks them (issue 35): the form, then the
confirmation of what the ruling changes, which records it."""

from __future__ import annotations

from typing import Any


def rule(client: Any, match: Any, data: dict[str, Any], **headers: Any) -> Any:
    """Post the ruling form, then confirm the step it shows (from the version it was made
    on); a refusal at the first step (its errors, a 403) is returned as it came."""
    url = f"/referee/matches/{match.pk}/rule/"
    check = client.post(url, data, **headers)
    preview = check.context.get("preview") if check.status_code == 200 and check.context else None
    if preview is None:
        return check
    confirmed = {**data, "confirmed": "on", "version": str(preview.version)}
    return client.post(url, confirmed, **headers)
