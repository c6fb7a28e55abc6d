"""The REST API: one view per operation, thin over services and selectors."""
