"""CSV cells a spreadsheet will not run: text starting with = + - @, a tab or a carriage return is made inert.

OWASP's advice on CSV injection (owasp.org/www-community/attacks/CSV_Injection): a spreadsheet reads a cell
starting with one of those characters as a formula (=HYPERLINK(...), =cmd|...), so prefix such a cell with a
single quote, which spreadsheets show as text; Python's csv module does the quoting of commas and quotes.
Numbers are left alone (a score of -3 stays a number), so only text a user could have typed is touched.
No library is used: defusedcsv, the one maintained drop-in, leaves cells starting with a tab or a carriage
return as they are and rewrites "|" inside names, so this is the few lines of it we need, tested on their own.
"""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value):
    """The value as a CSV cell no spreadsheet runs: text starting like a formula gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
