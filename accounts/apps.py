from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_save


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from accounts.trust import vouch_for_new_account

        post_save.connect(
            vouch_for_new_account, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts-vouch"
        )
