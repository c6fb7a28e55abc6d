"""Accounts that existed before sign-up did were all made by an organiser or administrator:
record their addresses as verified, as accounts.trust does for new ones, so they keep
logging in without a confirmation mail."""

from django.conf import settings
from django.db import migrations


def vouch(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    EmailAddress = apps.get_model("account", "EmailAddress")
    known = set(EmailAddress.objects.values_list("user_id", flat=True))
    verified = {e.lower() for e in EmailAddress.objects.filter(verified=True).values_list("email", flat=True)}
    for user in User.objects.exclude(email="").order_by("pk"):
        if user.pk in known:
            continue
        email = user.email.strip().lower()
        EmailAddress.objects.create(user=user, email=email, verified=email not in verified, primary=True)
        verified.add(email)


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]
    operations = [migrations.RunPython(vouch, migrations.RunPython.noop)]
