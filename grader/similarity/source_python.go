package similarity

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// codingLine is PEP 263's coding declaration, on a line of its own that
// is a comment.
var codingLine = regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// pythonSource turns the file into what Python's tokenizer reads: a
// UTF-8 byte order mark dropped, and the text in the encoding its coding
// line declares (PEP 263: on line 1, or on line 2 below a comment or
// blank line 1). An encoding whose ASCII bytes are ASCII characters is
// read as written (the lexers read every byte above 127 as part of a
// name); the others are decoded (UTF-7, unicode_escape,
// raw_unicode_escape) or have the bytes they use within a character
// made plain (Shift JIS, Big5, GBK, Johab, ISO-2022, HZ), so that no
// "#", quote or backslash of a character of theirs is read as one. An
// encoding the lexer does not know is read as written, with a note.
func pythonSource(src []byte) source {
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		x := newTranslator(src)
		x.out = append(x.out, src[3:]...)
		x.marks = append(x.marks, mark{0, 3})
		return x.source("")
	}
	name := coding(src)
	if name == "" {
		return source{text: src}
	}
	c := normalCodec(name)
	switch {
	case asciiCodec(c):
		return source{text: src}
	case c == "utf_7" || c == "utf7" || c == "u7" || c == "unicode_1_1_utf_7":
		return decodeUTF7(src).noted("decoded from UTF-7, as its coding line says")
	case c == "unicode_escape":
		return decodeEscapes(src, false).noted("decoded from unicode_escape, as its coding line says")
	case c == "raw_unicode_escape":
		return decodeEscapes(src, true).noted("decoded from raw_unicode_escape, as its coding line says")
	}
	if lead, trail, ok := doubleByte(c); ok {
		return source{text: plainDoubleBytes(src, lead, trail, strings.Contains(c, "2004") || strings.Contains(c, "x0213"))}
	}
	if strings.HasPrefix(c, "iso2022") || strings.HasPrefix(c, "iso_2022") || strings.HasPrefix(c, "csiso2022") {
		return source{text: plainISO2022(src)}
	}
	if strings.HasPrefix(c, "hz") {
		return source{text: plainHZ(src)}
	}
	return source{text: src, note: "declares the encoding " + strings.ToValidUTF8(name, "?") + ", which similarity does not read: compared as written"}
}

func (s source) noted(note string) source { s.note = note; return s }

// coding is the encoding the file's coding line names, or "".
func coding(src []byte) string {
	first, rest, _ := bytes.Cut(src, []byte("\n"))
	if m := codingLine.FindSubmatch(first); m != nil {
		return string(m[1])
	}
	if t := bytes.TrimLeft(first, " \t\f\r"); len(t) > 0 && t[0] != '#' {
		return ""
	}
	second, _, _ := bytes.Cut(rest, []byte("\n"))
	if m := codingLine.FindSubmatch(second); m != nil {
		return string(m[1])
	}
	return ""
}

// normalCodec is an encoding's name as Python looks it up: lower case,
// every run of other characters than letters, digits and dots one "_",
// and utf-8 or latin-1 with a suffix as themselves.
func normalCodec(name string) string {
	var b strings.Builder
	gap := false
	for _, c := range strings.ToLower(name) {
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(c)
			gap = false
		} else {
			gap = true
		}
	}
	n := b.String()
	for _, p := range []string{"utf_8_", "latin_1_", "iso_8859_1_", "iso_latin_1_"} {
		if strings.HasPrefix(n, p) {
			return strings.TrimSuffix(p, "_")
		}
	}
	return n
}

// asciiPrefixes start the names of the encodings whose bytes below 128
// are the ASCII characters, one a byte: read as written.
var asciiPrefixes = []string{"utf_8", "utf8", "u8", "cp65001", "ascii", "us_ascii", "646", "latin", "l1", "l2", "l3", "l4",
	"l5", "l6", "l7", "l8", "l9", "l10", "iso8859", "iso_8859", "iso_ir", "8859", "cp819", "cp437", "cp7", "cp85", "cp86", "cp12",
	"windows_12", "koi8", "kz1048", "mac", "tis", "hp_roman8", "roman8", "ptcp154", "euc", "ujis", "gb2312", "chinese",
	"csiso58gb231280", "ks_c_5601", "ksc5601", "cp949", "uhc", "ms949", "cyrillic", "greek", "hebrew", "arabic",
	"thai", "ibm437", "ibm85", "ibm86", "ibm7", "ibm12"}

func asciiCodec(c string) bool {
	if c == "utf" || c == "us" {
		return true
	}
	for _, p := range asciiPrefixes {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	return false
}

// doubleByte is a double-byte encoding's lead bytes and the least trail
// byte, for those whose trail bytes include ASCII ones.
func doubleByte(c string) (lead func(byte) bool, trail byte, ok bool) {
	sjis := func(b byte) bool { return 0x81 <= b && b <= 0x9f || 0xe0 <= b && b <= 0xfc }
	high := func(b byte) bool { return 0x81 <= b && b <= 0xfe }
	switch {
	case strings.Contains(c, "jis") && !strings.HasPrefix(c, "euc"), c == "cp932", c == "932", c == "ms932", strings.Contains(c, "kanji"):
		return sjis, 0x40, true
	case strings.HasPrefix(c, "big5"), strings.Contains(c, "hkscs"), c == "cp950", c == "950", c == "ms950",
		c == "gbk", c == "cp936", c == "936", c == "ms936", strings.HasPrefix(c, "gb18030"):
		return high, 0x30, true
	case c == "johab" || c == "cp1361" || c == "ms1361":
		return high, 0x31, true
	}
	return nil, 0, false
}

// plainDoubleBytes replaces the ASCII bytes that are the second of a
// double-byte character with 0x80, which the lexers read as part of a
// name; yen makes 0x5c and 0x7e characters of their own too (Shift
// JIS 2004, where they are the yen sign and the overline).
func plainDoubleBytes(src []byte, lead func(byte) bool, trail byte, yen bool) []byte {
	out := bytes.Clone(src)
	for i := 0; i < len(out); i++ {
		switch {
		case lead(out[i]) && i+1 < len(out) && out[i+1] >= trail && out[i+1] != 0x7f:
			if out[i+1] < 0x80 {
				out[i+1] = 0x80
			}
			i++
		case yen && (out[i] == '\\' || out[i] == '~'):
			out[i] = 0x80
		}
	}
	return out
}

// plainISO2022 blanks ISO-2022's escape sequences and shifts and makes
// the bytes of a character of a set other than ASCII 0x80, up to the
// next escape, shift or line end.
func plainISO2022(src []byte) []byte {
	out := bytes.Clone(src)
	other := false // within a set other than ASCII
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == 0x1b:
			n := escapeLen(out[i:])
			other = !(n == 3 && out[i+1] == '(' && out[i+2] == 'B')
			for j := i; j < i+n; j++ {
				out[j] = ' '
			}
			i += n - 1
		case c == 0x0e || c == 0x0f:
			other = c == 0x0e
			out[i] = ' '
		case c == '\n':
			other = false
		case other && c > ' ' && c < 0x7f:
			out[i] = 0x80
		}
	}
	return out
}

// escapeLen is the length of the escape sequence at b's start: ESC,
// intermediate bytes (0x20-0x2f), a final byte.
func escapeLen(b []byte) int {
	i := 1
	for i < len(b) && 0x20 <= b[i] && b[i] <= 0x2f {
		i++
	}
	return min(i+1, len(b))
}

// plainHZ makes the bytes between HZ's "~{" and "~}" 0x80, and the
// shifts blanks.
func plainHZ(src []byte) []byte {
	out := bytes.Clone(src)
	gb := false
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == '~' && i+1 < len(out) && (out[i+1] == '{' || out[i+1] == '}'):
			gb = out[i+1] == '{'
			out[i], out[i+1] = ' ', ' '
			i++
		case out[i] == '\n':
			gb = false
		case gb && out[i] > ' ' && out[i] < 0x7f:
			out[i] = 0x80
		}
	}
	return out
}

// decodeUTF7 decodes UTF-7 as Python does (RFC 2152): "+" starts a run
// of modified base64 (UTF-16 code units), which the first other byte
// ends; a "-" ending it is dropped, and "+-" is "+".
func decodeUTF7(src []byte) source {
	x := newTranslator(src)
	for i := 0; i < len(src); {
		if src[i] != '+' {
			x.out = append(x.out, src[i])
			i++
			continue
		}
		if i+1 < len(src) && src[i+1] == '-' {
			x.replace(i, i+2, []byte{'+'})
			i += 2
			continue
		}
		i = x.base64Run(i)
	}
	return x.source("")
}

// base64Run decodes the run of base64 after the "+" at i and returns
// where the bytes after it start.
func (x *translator) base64Run(i int) int {
	src := x.src
	var bits uint32
	nbits := 0
	from := i // where the next character's bytes start
	var units []uint16
	j := i + 1
	for ; j < len(src); j++ {
		v := base64Value(src[j])
		if v < 0 {
			break
		}
		bits = bits<<6 | uint32(v)
		nbits += 6
		if nbits >= 16 {
			nbits -= 16
			units = append(units, uint16(bits>>nbits))
			bits &= 1<<nbits - 1
			// A lead surrogate waits for its trail.
			if !utf16.IsSurrogate(rune(units[0])) || len(units) == 2 {
				x.replaceRune(from, j+1, decodeUnits(units))
				from, units = j+1, units[:0]
			}
		}
	}
	end := j
	if j < len(src) && src[j] == '-' {
		end++
	}
	if len(units) > 0 {
		x.replaceRune(from, end, utf8.RuneError)
	} else {
		x.mark(len(x.out), end)
	}
	return end
}

func decodeUnits(u []uint16) rune {
	if len(u) == 2 {
		return utf16.DecodeRune(rune(u[0]), rune(u[1]))
	}
	if utf16.IsSurrogate(rune(u[0])) {
		return utf8.RuneError
	}
	return rune(u[0])
}

func base64Value(c byte) int {
	switch {
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 26
	case '0' <= c && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}

// simpleEscapes are unicode_escape's one-letter escapes.
var simpleEscapes = map[byte]byte{'\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'n': '\n', 'r': '\r', 't': '\t', 'v': 11}

// decodeEscapes decodes Python's unicode_escape (raw: its
// raw_unicode_escape, \u and \U after an odd number of backslashes
// only). A byte above 127 stays as it is (a Latin-1 character, part of
// a name to the lexers).
func decodeEscapes(src []byte, raw bool) source {
	x := newTranslator(src)
	slashes := 0
	for i := 0; i < len(src); {
		if src[i] == '\\' && (!raw || slashes%2 == 0) {
			if r, n := pyEscape(src[i:], raw); n > 0 {
				x.replaceRune(i, i+n, r)
				i += n
				slashes = 0
				continue
			}
		}
		if src[i] == '\\' {
			slashes++
		} else {
			slashes = 0
		}
		x.out = append(x.out, src[i])
		i++
	}
	return x.source("")
}

// pyEscape reads the escape at b's start (b[0] is a backslash): the
// character it stands for (-1: none, a spliced line) and its length, 0
// when it is none.
func pyEscape(b []byte, raw bool) (rune, int) {
	if len(b) < 2 {
		return 0, 0
	}
	c := b[1]
	if digits := escapeDigits(c); digits > 0 && (c != 'x' || !raw) {
		if len(b) < 2+digits {
			return 0, 0
		}
		r, ok := hexRune(b[2 : 2+digits])
		if !ok || r > utf8.MaxRune {
			return 0, 0
		}
		return r, 2 + digits
	}
	if raw {
		return 0, 0
	}
	if e, ok := simpleEscapes[c]; ok {
		return rune(e), 2
	}
	if c == '\n' {
		return -1, 2
	}
	if '0' <= c && c <= '7' {
		n, r := 1, rune(c-'0')
		for n < 3 && 1+n < len(b) && '0' <= b[1+n] && b[1+n] <= '7' {
			r = r<<3 | rune(b[1+n]-'0')
			n++
		}
		return r, 1 + n
	}
	return 0, 0
}

// escapeDigits is how many hexadecimal digits follow \x, \u and \U.
func escapeDigits(c byte) int {
	switch c {
	case 'x':
		return 2
	case 'u':
		return 4
	case 'U':
		return 8
	}
	return 0
}
