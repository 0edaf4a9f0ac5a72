"""HTTP, and only HTTP: the one package (with `service.app` above it) that imports Flask.

Routes (one blueprint per concern, listed in `routes`; what they share in `helpers` and
`stream_http`, never imported from one another), request parsing (`parsing`,
`queries`, `requests`, `schemas`), answers (`problems`, `json_provider`), who is calling
(`auth`), the front door (`frontdoor`, `limits`, `request_log`), the document's declarations
(`declare`, `openapi`, `docs`) and the viewer's page. A view parses, calls one use case (of
the table, the desk, the clock, the director or the bots) and renders its answer; no rule
lives here, and no retry or follow-up either.
May use: every `service` package below it, `projections`, `events`.
"""
