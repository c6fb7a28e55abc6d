"""Infrastructure tasks that belong to no single app."""

from config.celery import app


@app.task(name="config.ping")
def ping(value: str) -> str:
    """Echo a value back: the smoke test's proof that a worker ran the task."""
    return f"pong:{value}"


@app.task(name="config.clear_sessions", ignore_result=True)
def clear_sessions() -> None:
    """Delete expired sessions (Celery beat, daily): Django never does by itself."""
    from django.core.management import call_command

    call_command("clearsessions")
