"""The rulesets this server hosts, by name."""
from __future__ import annotations


def rulesets() -> dict:
    from service.rules.booze_baron import RULESET as booze_baron
    from service.rules.bootleggers import RULESET as bootleggers
    from service.rules.prohibition import RULESET as prohibition
    return {r.name: r for r in (bootleggers, prohibition, booze_baron)}
