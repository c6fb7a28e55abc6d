from django.apps import AppConfig


class AwardsConfig(AppConfig):
    """Hobby awards (OP Guide: Hobby Awards): Best Painted, Best in Faction, Best Sportsman."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "awards"
    verbose_name = "Hobby awards"

    def ready(self) -> None:
        # The Best Sportsman nomination rides on a player's result report (OP Guide: "one
        # nomination per player, submitted with their last result"); the report lives in
        # tournaments, below this app, so it offers a hook and this app fills it.
        from awards.nominations import register
        from awards.selectors import awards_published
        from awards.services import awards_copy
        from tournaments.audit_sealing import register_sealed_actions
        from tournaments.copy_hooks import register_copy_hook

        register()
        # "Copy this event" copies the awards the event offers (docs/features.md, "Event
        # templates"); the copy is made in tournaments, below this app.
        register_copy_hook("awards", awards_copy)
        # A tie the TO broke names a winner: the TO's until the winners are published
        # (docs/awards.md, Secrecy), so the judges' audit log leaves it out until then.
        register_sealed_actions(("award-tie-broken",), awards_published)
