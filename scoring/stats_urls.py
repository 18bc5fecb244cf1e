"""URLs of statistics: leaderboards and ratings, under /stats/."""
urlpatterns = []
