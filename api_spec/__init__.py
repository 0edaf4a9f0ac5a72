"""The OpenAPI document: `generate` builds it from the API's routes and schemas and checks it
in as `openapi.json`; `components`, `events`, `problem_codes`, `state_descriptions` add
the shared schemas. Sits above `service.api`, below the app factory that serves it."""
