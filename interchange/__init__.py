"""The interchange contract (docs/interchange.md).

The event/1 parser itself is pure and sits beside the records it reads into
(`standings.eventfile`, `standings.records`), below every app that needs it. This is the
Django app that sits above every other app: import/export of whole events
(`event_import`, `event_export`, with `event_fields` between them),
the offline commands (`pair`, `standings`, `validate_roster`, `import_event`,
`export_event`) and the export views.
"""
