"""Printed sheets: PDFs rendered by Celery workers (WeasyPrint), and CSV exports."""
