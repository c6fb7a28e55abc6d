"""Infrastructure tasks that belong to no single app."""

from config.celery import app


@app.task(name="config.ping")
def ping(value: str) -> str:
    """Echo a value back: the smoke test's proof that a worker ran the task."""
    return f"pong:{value}"
