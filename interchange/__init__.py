"""The interchange contract (docs/interchange.md).

`interchange.eventfile` is pure: event/1 read into and written from the dataclasses of
`standings.records`, no Django. The rest is the Django app that sits above every other
app: import/export of whole events (`eventio`), the offline commands (`pair`,
`standings`, `validate_roster`, `import_event`, `export_event`) and the export views.
"""
