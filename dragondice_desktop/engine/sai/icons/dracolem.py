"""The Dracolem's icons (v4.02): Fabricate, Gate, Magic Suppression and Spell Disruption, one
file for the four because their rules text is not available (digest §9) and they are treated
alike: a record with no column and no code, so every roll reports them as not resolved,
never dropped.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FABRICATE: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.GATE: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.MAGIC_SUPPRESSION: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.SPELL_DISRUPTION: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
}
