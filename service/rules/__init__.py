"""The pure kernels: `bootleggers`, `prohibition`, `booze_baron` (one package per ruleset, each
behind `interface.Ruleset`), `common` (what they share), `errors` (RuleViolation),
`registry` (the hosted rulesets by name) and `disputes` (talk and disputes, decided once for
both kinds of stream).

`decide(state, command) -> events` and `evolve(state, event) -> state`: no I/O, no clock, no
randomness but the oracle handed in. Rulesets are independent of each other.
May use: `projections`, `events`; nothing else of `service`.
"""
