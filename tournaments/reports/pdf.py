"""HTML to PDF with WeasyPrint, in a font that has Cyrillic.

The fonts are loaded from files (DejaVu, shipped by Debian's fonts-dejavu-core) through
@font-face, so that players' Cyrillic names render whatever fontconfig would pick; the family
names fall back to the system's DejaVu when the files are elsewhere. Long documents are
rendered in chunks of pages (each chunk its own WeasyPrint document, pages joined at the end):
the job's progress moves chunk by chunk and the layout cost stays linear in the pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from django.conf import settings

from tournaments.reports.data import Progress, no_progress

DEFAULT_FONT_DIR = "/usr/share/fonts/truetype/dejavu"


def font_css() -> str:
    """@font-face rules for the report fonts: "Report Sans" and "Report Mono"."""
    font_dir = Path(getattr(settings, "REPORT_FONT_DIR", DEFAULT_FONT_DIR))
    faces = [
        ("Report Sans", "normal", "DejaVuSans.ttf"),
        ("Report Sans", "bold", "DejaVuSans-Bold.ttf"),
        ("Report Mono", "normal", "DejaVuSansMono.ttf"),
        ("Report Mono", "bold", "DejaVuSansMono-Bold.ttf"),
    ]
    rules = []
    for family, weight, filename in faces:
        path = font_dir / filename
        if path.exists():
            rules.append(
                f"@font-face {{ font-family: '{family}'; font-weight: {weight}; "
                f"src: url('{path.as_uri()}'); }}"
            )
    return "\n".join(rules)


def render_pdf(chunks: Sequence[str], *, progress: Progress = no_progress) -> bytes:
    """One PDF from HTML documents rendered in order (each a whole page or more)."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    if not chunks:
        raise ValueError("nothing to render")
    fonts = FontConfiguration()
    documents = []
    for index, chunk in enumerate(chunks):
        documents.append(
            HTML(string=chunk, base_url=str(settings.BASE_DIR)).render(font_config=fonts)
        )
        # Rendering is most of the work; writing the file is the last tenth.
        progress(0.9 * (index + 1) / len(chunks))
    pages = [page for document in documents for page in document.pages]
    pdf = documents[0].copy(pages).write_pdf()
    progress(1.0)
    return pdf
