"""URLs of data portability: import and export of records, under /records/."""
urlpatterns = []
