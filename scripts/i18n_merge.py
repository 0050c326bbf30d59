"""Resolve a git merge conflict in the catalogs (``cardtable/i18n/locale``).

Two branches that both translated new messages conflict in every ``.po``/``.mo``. After
resolving the conflicts in the code, run ``python scripts/i18n_merge.py`` in the checkout:
it unions both sides' translations (keyed by context and msgid; ours wins where both
translate one message, and says so), extracts the messages from the merged code, fills
them, compiles, and ``git add``s the catalogs. Then ``tests/test_i18n_catalogs.py``.
"""

from __future__ import annotations

import io
import subprocess
import sys
from typing import Any

from babel.messages.pofile import read_po, write_po

from cardtable.i18n import catalogs

Key = tuple[Any, str]


def _git_show(spec: str) -> bytes | None:
    out = subprocess.run(["git", "show", spec], capture_output=True)
    return out.stdout if out.returncode == 0 else None


def _translated(message: Any) -> bool:
    return bool(message.string) if isinstance(message.string, str) else any(message.string)


def side(stage: int, code: str) -> dict[Key, Any]:
    """The translations of ``code`` on one side of the merge (2 ours, 3 theirs)."""
    rel = catalogs.po_path(code).relative_to(catalogs.PACKAGE_DIR.parent)
    content = _git_show(f":{stage}:{rel}") or _git_show(f"{'HEAD' if stage == 2 else 'MERGE_HEAD'}:{rel}")
    if content is None:
        return {}
    catalog = read_po(io.BytesIO(content), locale=code, domain=catalogs.DOMAIN)
    return {(m.context, m.id): m.string for m in catalog if m.id and _translated(m)}


def main() -> int:
    union: dict[str, dict[Key, Any]] = {}
    for code in catalogs.TRANSLATED:
        ours, theirs = side(2, code), side(3, code)
        merged = dict(theirs)
        for key, text in ours.items():
            if key in merged and merged[key] != text:
                print(f"[{code}] both sides translate {key!r}: keeping ours {text!r} over {merged[key]!r}")
            merged[key] = text
        union[code] = merged
        path = catalogs.po_path(code)
        path.write_bytes(_git_show(f"HEAD:{path.relative_to(catalogs.PACKAGE_DIR.parent)}") or b"")
    catalogs.update_all()
    missing = 0
    for code in catalogs.TRANSLATED:
        catalog = catalogs.read_po(code)
        for message in catalog:
            key = (message.context, message.id)
            if message.id and key in union[code]:
                message.string = union[code][key]
            if message.id and not _translated(message):
                missing += 1
                print(f"[{code}] untranslated: {message.id!r}")
        buffer = io.BytesIO()
        write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True, sort_output=True)
        catalogs.po_path(code).write_bytes(buffer.getvalue())
    catalogs.compile_all()
    subprocess.run(["git", "add", str(catalogs.LOCALE_DIR)], check=True)
    print(f"catalogs merged and compiled; {missing} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
