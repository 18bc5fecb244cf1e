"""URLs of "Record a game": the table score pads and sheets, under /record/."""
urlpatterns = []
