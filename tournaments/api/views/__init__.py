"""API views, one module per area; each operation is one method with its own serializers."""
