"""Booze Baron's Emitter (service/rules/common/emitter.py), folding with its `evolve`."""
from __future__ import annotations

from service.rules.common.emitter import BaseEmitter

from .evolve import evolve


class Emitter(BaseEmitter):
    fold = staticmethod(evolve)
