"""Double-width text over other widgets (a Japanese notification) drawn whole.

Textual's compositor cuts each line at every widget's edge and divides the strip of each
widget at those cuts, even under a widget that covers them (a toast): a double-width
character across such a cut is replaced by two spaces, so a Japanese toast lost letters
where the lobby's buttons ended beneath it (a Textual bug, still there in 8.x: the
upstream report is linked in docs/decisions.md). Here a
widget's strip is divided only where the widget in front changes; the cuts it covers
wholly get an empty piece, so nothing behind claims them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["apply"]

_EMPTY = Strip([], 0)


def _render_chops(
    self: Compositor, crop: Region, is_rendered_line: Callable[[int], bool]
) -> Sequence[Mapping[int, Strip | None]]:
    """Compositor._render_chops, dividing a widget's strip only between the buckets it
    wins and those already won by a widget in front."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            line = chops[y]
            final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            buckets = final_cuts[:-1]  # each cut starts a bucket; the last one ends the render
            if not buckets:
                continue
            free = [line.get(cut) is None for cut in buckets]
            starts = [i for i in range(len(buckets)) if i == 0 or free[i] != free[i - 1]]
            ends = [buckets[i] - render_x for i in starts[1:]] + [final_cuts[-1] - render_x]
            for n, (start, piece) in enumerate(zip(starts, strip.divide(ends), strict=False)):
                if not free[start]:
                    continue
                line[buckets[start]] = piece
                stop = starts[n + 1] if n + 1 < len(starts) else len(buckets)
                for i in range(start + 1, stop):
                    line[buckets[i]] = _EMPTY
    return chops


def apply() -> None:
    """Install the division above in Textual's compositor (once; idempotent)."""
    method: Any = _render_chops
    Compositor._render_chops = method  # type: ignore[method-assign]
