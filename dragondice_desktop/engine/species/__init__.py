"""Species abilities (digest §6): the registry of abilities on their hooks (``registry``),
one file per species holding its abilities (``abilities/``), results that count as others
and the DUA counts that cap some abilities (``counts_as``), and the Species Abilities phase
(``phase``)."""
