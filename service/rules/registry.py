"""The rulesets this server hosts, by name."""
from __future__ import annotations


def rulesets() -> dict:
    from service.rules.booze_baron import RULESET as booze_baron
    from service.rules.bootleggers import RULESET as bootleggers
    return {bootleggers.name: bootleggers, booze_baron.name: booze_baron}
