"""What every hosted ruleset's kernel does the same way, written once (pure, no I/O).

emitter (the Emitter base: drafts folded into a private copy), binding (the `Ruleset`
object the engine calls), steps (the step-table loop and `waiting`), commands (the checks
every seated command passes), fold (the engine-owned tail of `evolve`, the sealed window),
views (viewer seat, shuffle order), events (the randomness event schemas of interface.py).
What a ruleset means by its steps, commands and events stays in its own package.
"""
