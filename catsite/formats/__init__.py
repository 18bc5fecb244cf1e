"""The site's own date formats per language, over Django's (FORMAT_MODULE_PATH): templates name a format
("DATE_FORMAT", "DATETIME_FORMAT", "MONTH_DAY_FORMAT", "TIME_FORMAT"), never write one (docs/i18n.md)."""
