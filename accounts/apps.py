from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_save, pre_save


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib import admin

        import accounts.checks  # noqa: F401 - registers the Web Push checks
        from accounts.admin_login import admin_login
        from accounts.api_tokens import revoke_on_password_change
        from accounts.trust import vouch_for_new_account

        # The admin signs in through the site's rate-limited login (accounts.admin_login).
        admin.site.login = admin_login  # type: ignore[method-assign]

        post_save.connect(
            vouch_for_new_account, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts-vouch"
        )
        pre_save.connect(
            revoke_on_password_change, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts-token-revoke"
        )
