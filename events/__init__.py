"""The record: event envelopes and canonical JSON, the hash chain and its checks
(`integrity`), receipts, the event-type registry with upcasters, and the Redis stream store
(`store`, with its Lua scripts). Imports nothing of the project."""
