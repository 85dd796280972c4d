"""``report.html`` beside ``report.md``: the same report as one self-contained page.

The Markdown the reports write is converted with the ``markdown`` package (its ``tables``
extension) when it is importable, else with :func:`convert`, a small converter of exactly the
constructs the reports use: ATX headings, paragraphs, pipe tables, ``-`` lists (with indented
continuation lines), ``**bold**``, ``*italics*``, code spans, images, links and backslash
escapes. Plots are embedded as base64 PNG data URIs, every table scrolls sideways inside its
own box, so the file can be mailed or opened anywhere on its own.
"""

from __future__ import annotations

import base64
import html as _html
import mimetypes
import re
from pathlib import Path

from sim.core import atomic

CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; line-height: 1.5;
       max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
h1, h2, h3 { line-height: 1.25; }
h1 { border-bottom: 2px solid #d0d7de; padding-bottom: .3rem; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .2rem; margin-top: 2rem; }
code { background: #f3f4f6; padding: .1rem .3rem; border-radius: 4px; font-size: 90%; }
.table-wrap { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; font-size: 90%; }
th, td { border: 1px solid #d0d7de; padding: .3rem .6rem; text-align: left;
         vertical-align: top; white-space: nowrap; }
th { background: #eef1f4; position: sticky; top: 0; }
tbody tr:nth-child(even) { background: #f6f8fa; }
tbody tr:hover { background: #fff8c5; }
img { max-width: 100%; height: auto; }
li { margin: .2rem 0; }
"""

# ---------------------------------------------------------------- Markdown -> HTML


def markdown_to_html(text: str) -> str:
    """The HTML body of ``text``: by the ``markdown`` package when importable, else by
    :func:`convert`."""
    try:
        import markdown
    except ImportError:
        return convert(text)
    return markdown.markdown(text, extensions=["tables"], output_format="html")


_ESCAPABLE = "\\`*_{}[]()#+-.!|>"
_TABLE_SEP = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^[-*+]\s+(.*)$")


def convert(text: str) -> str:
    """The built-in converter: the Markdown constructs the reports write, nothing more."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        m = _HEADING.match(line)
        if m:
            level = len(m.group(1))
            out.append(f"<h{level}>{_inline(m.group(2))}</h{level}>")
            i += 1
            continue
        if (line.lstrip().startswith("|") and i + 1 < len(lines)
                and _TABLE_SEP.match(lines[i + 1].strip())):
            rows = [line]
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(lines[i])
                i += 1
            out.append(_table(rows))
            continue
        if _ITEM.match(line):
            items: list[list[str]] = []
            while i < len(lines):
                if not lines[i].strip():  # a blank line ends the list unless an item follows
                    j = i
                    while j < len(lines) and not lines[j].strip():
                        j += 1
                    if j == len(lines) or not _ITEM.match(lines[j]):
                        break
                    i = j
                m = _ITEM.match(lines[i])
                if m:
                    items.append([m.group(1)])
                else:  # an indented (or lazy) continuation of the item
                    items[-1].append(lines[i].strip())
                i += 1
            out.append("<ul>\n" + "\n".join(f"<li>{_inline(chr(10).join(it))}</li>"
                                            for it in items) + "\n</ul>")
            continue
        para = [line.strip()]
        i += 1
        while i < len(lines) and lines[i].strip() and not _HEADING.match(lines[i]):
            para.append(lines[i].strip())
            i += 1
        out.append(f"<p>{_inline(chr(10).join(para))}</p>")
    return "\n".join(out) + "\n"


def _cells(row: str) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [c.strip() for c in re.split(r"(?<!\\)\|", row)]


def _table(rows: list[str]) -> str:
    head = _cells(rows[0])
    body = [_cells(r) for r in rows[1:]]
    out = ["<table>", "<thead>", "<tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head)
           + "</tr>", "</thead>", "<tbody>"]
    for cells in body:
        cells = (cells + [""] * len(head))[:len(head)]  # as the tables extension does
        out.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in cells) + "</tr>")
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def _inline(text: str) -> str:
    """Inline Markdown: code spans, backslash escapes, images, links, bold, italics."""
    held: list[str] = []

    def hold(fragment: str) -> str:
        held.append(fragment)
        return f"\x00{len(held) - 1}\x00"

    def code(m):
        return hold(f"<code>{_html.escape(m.group(1).strip(), quote=False)}</code>")

    text = re.sub(r"`([^`]+)`", code, text)
    text = re.sub(r"\\([" + re.escape(_ESCAPABLE) + "])",
                  lambda m: hold(_html.escape(m.group(1), quote=False)), text)
    text = re.sub(r"!\[([^\]]*)\]\(([^)\s]+)\)",
                  lambda m: hold(f'<img alt="{_html.escape(m.group(1))}" '
                                 f'src="{_html.escape(m.group(2))}" />'), text)
    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)",
                  lambda m: hold(f'<a href="{_html.escape(m.group(2))}">'
                                 f"{_html.escape(m.group(1), quote=False)}</a>"), text)
    text = _html.escape(text, quote=False)
    text = re.sub(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", r"<em>\1</em>", text)
    while "\x00" in text:
        text = re.sub(r"\x00(\d+)\x00", lambda m: held[int(m.group(1))], text)
    return text


# ---------------------------------------------------------------- the page


def embed_images(body: str, base: Path) -> str:
    """Replace every ``<img src>`` naming a file under ``base`` by a base64 data URI; a
    missing file keeps its link."""
    def repl(m):
        src = _html.unescape(m.group(2))
        path = Path(base) / src
        if src.startswith(("data:", "http:", "https:")) or not path.is_file():
            return m.group(0)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        return f'{m.group(1)}data:{mime};base64,{data}{m.group(3)}'
    return re.sub(r'(<img\b[^>]*?\bsrc=")([^"]*)(")', repl, body)


def _wrap_tables(body: str) -> str:
    body = re.sub(r"<table\b", '<div class="table-wrap"><table', body)
    return body.replace("</table>", "</table></div>")


def page(text: str, base: Path, title: str | None = None) -> str:
    """A complete HTML page of the Markdown ``text``, images under ``base`` embedded."""
    if title is None:
        first = next((ln for ln in text.splitlines() if ln.startswith("# ")), "# report")
        title = first[2:].strip()
    body = _wrap_tables(embed_images(markdown_to_html(text), Path(base)))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n"
            f"<title>{_html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"{body}</body>\n</html>\n")


def write_beside(md_path: Path, text: str | None = None) -> Path:
    """Write ``report.html`` (the same name, ``.html``) beside ``md_path`` atomically, from
    ``text`` or the file's own Markdown; returns its path."""
    md_path = Path(md_path)
    if text is None:
        text = md_path.read_text(encoding="utf-8")
    path = md_path.with_suffix(".html")
    atomic.write_text(path, page(text, md_path.parent))
    return path


def write_report(out: Path, lines: list[str] | str) -> None:
    """``report.md`` and ``report.html`` into ``out``, both atomically, from the same text."""
    text = lines if isinstance(lines, str) else "\n".join(lines)
    atomic.write_text(Path(out) / "report.md", text)
    write_beside(Path(out) / "report.md", text)
