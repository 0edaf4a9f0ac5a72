"""Response bodies in canonical JSON (events/canonical.py): sorted keys, UTF-8, written by
orjson. A state folded afresh for `?at=N` thus serializes byte for byte as the live one was
served at version N, whatever order its keys were built in, and the encoding, the largest
CPU cost of a state read after the fold, is several times cheaper than the standard
library's. Anything canonical JSON cannot write goes to Flask's own encoder."""
from __future__ import annotations

from typing import Any

from flask import Response
from flask.json.provider import DefaultJSONProvider

from events.canonical import canonical, dumps


class CanonicalJSONProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller asking for indentation or another form: Flask's encoder
            return super().dumps(obj, **kwargs)
        try:
            return dumps(obj)
        except (TypeError, ValueError):
            return super().dumps(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)  # indented for a person reading it
        obj = self._prepare_response_obj(args, kwargs)
        try:
            body = canonical(obj) + b"\n"
        except (TypeError, ValueError):
            return super().response(*args, **kwargs)
        return self._app.response_class(body, mimetype=self.mimetype)
