"""People: accounts, chat, ratings, rematch, alerts, moderation."""
