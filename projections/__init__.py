"""Folding events into state: `core` (`evolve`, `fold`, the engine's own events) and `views`
(what each viewer may see of a state or an event). Pure; may use `events` only."""
