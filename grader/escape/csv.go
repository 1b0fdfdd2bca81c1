package escape

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// formulaStarts are the characters with which a spreadsheet cell starts a
// formula or a DDE command (OWASP, CSV injection): = + - @, tab and
// carriage return, and the full-width forms some spreadsheets read as the
// same.
const formulaStarts = "=+-@\t\r＝＋－＠"

// separators are the characters that split cells in one spreadsheet or
// another: the comma, the semicolon of locales with a decimal comma, the
// tab, and line ends.
const separators = ",;\t\r\n"

// CSVCell is a cell's text made inert for a spreadsheet, as OWASP's CSV
// injection guidance says: a cell that would start with = + - @, a tab or
// a carriage return (after any spaces and double quotes) gets a single quote in
// front, which spreadsheets read as "text follows"; so does any part of
// it after a separator (a comma, semicolon, tab or line end) that starts with one of them, for a
// spreadsheet that splits cells there. A number ("-1", "+2.5"), which no
// spreadsheet runs, is left as it is, so that the grader's own scores stay
// numbers. Control characters are shown first (Terminal), so that the file
// is safe to print too.
func CSVCell(s string) string {
	s = Terminal(s)
	if isNumber(s) || !strings.ContainsAny(s, formulaStarts) {
		return s
	}
	var b strings.Builder
	if startsFormula(s) {
		b.WriteByte('\'')
	}
	for {
		i := strings.IndexAny(s, separators)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+1])
		s = s[i+1:]
		if startsFormula(s) {
			b.WriteByte('\'')
		}
	}
}

// startsFormula reports whether s, after any spaces and double quotes,
// starts with a character that starts a formula.
func startsFormula(s string) bool {
	t := strings.TrimLeftFunc(s, func(r rune) bool { return r == '"' || r != '\t' && r != '\r' && unicode.IsSpace(r) })
	r, _ := utf8.DecodeRuneInString(t)
	return t != "" && strings.ContainsRune(formulaStarts, r)
}

// isNumber reports whether s is a plain decimal number: an optional sign,
// digits, and an optional fraction.
func isNumber(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	whole, frac, dot := strings.Cut(s, ".")
	return allDigits(whole) && (!dot || allDigits(frac))
}

// CSV is records as CSV (RFC 4180, "\n" line ends), every cell made inert
// with CSVCell and quoted when it holds a comma, a quote, a line break,
// a semicolon or a tab, or starts or ends with a space: a spreadsheet that
// splits lines at semicolons or tabs (as some locales do) then starts no
// cell inside one either.
func CSV(records [][]string) []byte {
	var b bytes.Buffer
	for _, rec := range records {
		for i, cell := range rec {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCell(&b, CSVCell(cell))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeCell writes one cell, quoted when it needs to be.
func writeCell(b *bytes.Buffer, s string) {
	if !needsQuotes(s) {
		b.WriteString(s)
		return
	}
	b.WriteByte('"')
	b.WriteString(strings.ReplaceAll(s, `"`, `""`))
	b.WriteByte('"')
}

// needsQuotes reports whether a cell must be quoted: it holds a separator
// (of any common locale), a quote or a line break, or starts or ends with
// a space, which a reader might trim.
func needsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if strings.ContainsAny(s, ",;\t\"\r\n") {
		return true
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(first) || unicode.IsSpace(last)
}
