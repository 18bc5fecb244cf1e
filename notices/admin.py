"""The notices in the admin: to look at what was sent, and to whom, when someone asks."""
from django.contrib import admin

from notices.models import Notice, Preferences, PushSubscription, Turn

admin.site.register(Preferences, list_display=["user", "push", "email", "last_sent_at"])
admin.site.register(PushSubscription, list_display=["user", "created_at"], raw_id_fields=["user"])
admin.site.register(Turn, list_display=["match", "user", "version", "reminded"], raw_id_fields=["match", "user"])
admin.site.register(Notice, list_display=["user", "kind", "match", "created_at", "due_at", "sent_at"],
                    raw_id_fields=["user", "match"])
