"""The judging API's views, one module per topic."""
