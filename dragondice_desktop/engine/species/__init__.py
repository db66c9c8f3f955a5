"""Species abilities: results that count as others, and the Species Abilities phase."""
