"""API tokens (views/auth.py)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.common import Serializer


class TokenInputSerializer(Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(Serializer):
    key = serializers.CharField(help_text="The token's first characters: how the list names it.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(help_text="After this the token no longer works.")
    current = serializers.BooleanField(help_text="The token this request was made with.")


class TokenOutputSerializer(TokenSerializer):
    token = serializers.CharField(
        help_text="Send it as `Authorization: Token <token>`; shown only this once."
    )


class TokenListSerializer(Serializer):
    tokens = TokenSerializer(many=True)
