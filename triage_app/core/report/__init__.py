"""The triage report: what failed and what to do, for a colleague or a ticket.

`model` gathers it (grouped errors with the user's own lines, the catalogue's advice, versions
seen, the user's notes and marks, files scanned; secrets redacted), `markdown` and `html`
render it. Every piece of log and catalogue text is escaped by the renderer that prints it.
"""
