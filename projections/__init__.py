"""Folding events into state: `core` (`evolve`, `fold`, the engine's own events), `disputes`
(talk and disputes, folded alike for games and tournaments) and `views` (what each viewer may
see of a state or an event). Pure; may use `events` only."""
