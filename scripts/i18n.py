"""Keep the translations in step with the code.

    python scripts/i18n.py update    # extract the messages, update the .pot and each .po
    python scripts/i18n.py compile   # compile each .po into its .mo (committed with it)

After ``update``, translate the new (empty) ``msgstr`` entries in
``cardtable/i18n/locale/{ja,lt}/LC_MESSAGES/cardtable.po`` (docs/glossary-*.md has the
words), then ``compile``. ``tests/test_i18n_catalogs.py`` fails until both are done.
"""

from __future__ import annotations

import sys

from cardtable.i18n.catalogs import compile_all, update_all


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        update_all()
    elif argv[1:] == ["compile"]:
        compile_all()
    else:
        print("usage: python scripts/i18n.py update|compile", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
