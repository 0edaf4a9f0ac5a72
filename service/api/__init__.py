"""HTTP, and only HTTP: the one package (with `service.app` above it) that imports Flask.

Routes (one blueprint per concern, listed in `routes`), request parsing (`parsing`,
`queries`, `requests`, `schemas`), answers (`problems`, `json_provider`), who is calling
(`auth`), the front door (`frontdoor`, `limits`, `request_log`), the document's declarations
(`declare`, `openapi`, `docs`) and the viewer's page. A view turns a request into a call on
the table, the desk, the clock or the bots and their answer into JSON; no rule lives here.
May use: every `service` package below it, `projections`, `events`.
"""
